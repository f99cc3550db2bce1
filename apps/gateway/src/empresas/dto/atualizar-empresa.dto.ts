import { PartialType } from '@nestjs/swagger';
import { Texto } from '../../http/validacao/decoradores';
import { CnpjValido } from '../../http/validacao/regras-fiscais';
import { CriarEmpresaDto } from './criar-empresa.dto';

/**
 * A change to a company's registration: any field of the registration, each checked as on creation;
 * one omitted stays as it is, an optional one sent as null is cleared. `endereco` goes whole, with its
 * `codigo_municipio`. The record as it will be is checked again as a whole (an IE of the new state, a
 * municipality code of the new address), by the service.
 */
export class AtualizarEmpresaDto extends PartialType(CriarEmpresaDto) {}

export class CnpjEmpresaParam {
  @Texto({ exemplo: '12345678000195', descricao: 'CNPJ da empresa na conta, com ou sem pontuação' })
  @CnpjValido()
  cnpj: string;
}
