import { aliquotaIssRespeitaMinima, aliquotaIssValida, MENSAGEM_ALIQUOTA_ISS, MENSAGEM_ALIQUOTA_MINIMA_ISS } from '@emissor/fiscal-domain';
import { Decimal, Regra, Texto } from '../../http/validacao/decoradores';
import { CnaeValido, CodigoMunicipioIbge } from '../../http/validacao/regras-fiscais';

/** `POST /admin/v1/municipios/{codigo_municipio}/servicos` (decisions §5). */
export class CriarServicoMunicipalDto {
  @Texto({ descricao: 'CNAE (7 dígitos, com ou sem pontuação)', exemplo: '6201501' })
  @CnaeValido()
  codigo_cnae: string;
  @Texto({ max: 5, descricao: 'Item da lista de serviços (LC 116/2003)', exemplo: '01.07' }) codigo_item_lista: string;
  @Texto({ max: 2000 }) descricao: string;
  @Decimal({
    descricao:
      'Alíquota do ISS como fração: 0.05 significa 5%, o máximo da LC 116/2003 (art. 8º, II); o mínimo é 0.02 (art. 8º-A), salvo os subitens 07.02, 07.05 e 16.01',
    exemplo: '0.05',
  })
  // Only a text rate is judged by these two: another type is @Decimal's to name.
  @Regra('aliquotaIss', (v) => typeof v !== 'string' || aliquotaIssValida(v), MENSAGEM_ALIQUOTA_ISS)
  @Regra(
    'aliquotaIssMinima',
    (v, o) => typeof v !== 'string' || aliquotaIssRespeitaMinima(v, typeof o?.codigo_item_lista === 'string' ? o.codigo_item_lista : ''),
    MENSAGEM_ALIQUOTA_MINIMA_ISS,
  )
  aliquota_iss: string;
}

export class CodigoMunicipioParam {
  @CodigoMunicipioIbge() codigo_municipio: string;
}
