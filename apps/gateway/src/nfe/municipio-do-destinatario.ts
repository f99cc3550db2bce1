import type { EmpresaContexto } from '@emissor/contracts';
import { codigoMunicipioDaParte, MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO } from '@emissor/fiscal-domain';
import { parametrosInvalidos } from '../http/erro-http';
import type { CriarNotaDto } from './dto/nota.dto';

/**
 * The recipient's `codigo_municipio` may be left out of the body only when its address is in the
 * company's municipality (whose code is known): the NF-e names a municipality by its code alone.
 * A required field all the same (decisions §2: 422 invalid_params), checked here because it needs the
 * company, after the body's own checks. The domain's rules repeat it for notes built elsewhere.
 */
export function exigirMunicipioDoDestinatario(empresa: EmpresaContexto, nota: CriarNotaDto): void {
  const emitente = { ...empresa.endereco, codigo_municipio: empresa.codigo_municipio };
  if (codigoMunicipioDaParte(emitente, nota.destinatario) === null) {
    throw parametrosInvalidos(422, { 'destinatario.codigo_municipio': [MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO] });
  }
}
