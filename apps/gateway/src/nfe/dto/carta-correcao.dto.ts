import { errosTextoCorrecao, CORRECAO_MAXIMA, CORRECAO_MINIMA, ehUf } from '@emissor/fiscal-domain';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, ValidateBy } from 'class-validator';
import { Texto, UUID } from '../../http/validacao/decoradores';

/**
 * `POST /nfe/v1/notas/{uuid}/carta-correcao` (decisions §9). `correcao`: 15 to 1000 characters as
 * SEFAZ counts them, that is after the text is made fit for the CC-e layout (the domain's rule).
 */
export class CriarCartaCorrecaoDto {
  @ApiProperty({ minLength: CORRECAO_MINIMA, maxLength: CORRECAO_MAXIMA, description: 'Texto da correção (evento 110110)' })
  @IsDefined({ message: 'é obrigatório' })
  @IsString({ message: 'deve ser um texto' })
  @ValidateBy({
    name: 'correcaoSefaz',
    validator: {
      validate: (v) => typeof v !== 'string' || errosTextoCorrecao(v).length === 0,
      defaultMessage: (a) => (typeof a?.value === 'string' ? errosTextoCorrecao(a.value)[0] : '') ?? 'formato inválido',
    },
  })
  correcao: string;
}

export class CartaCorrecaoParam {
  @Texto({ padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) uuid: string;
  @Texto({ padrao: /^([1-9]|1\d|20)$/, mensagemPadrao: 'deve ser um inteiro de 1 a 20' }) sequencia: string;
}

export class StatusSefazQuery {
  @Texto({ obrigatorio: false, padrao: /^[A-Za-z]{2}$/, mensagemPadrao: 'deve ser a sigla de uma UF' })
  @ValidateBy({
    name: 'uf',
    validator: {
      validate: (v) => v === undefined || (typeof v === 'string' && ehUf(v.toUpperCase())),
      defaultMessage: () => 'deve ser a sigla de uma UF',
    },
  })
  uf?: string;
}
