import {
  type CartaCorrecaoCriada,
  type CartaCorrecaoResposta,
  SITUACOES_CARTA_CORRECAO,
  type SituacaoCartaCorrecao,
  type StatusSefazResposta,
  type TipoContingencia,
} from '@emissor/contracts';
import { booleano, dataHoraSefaz, inteiro, instante, objeto, Sempre, Talvez, texto, uuid } from '../../openapi/campos';
import { StatusSefazNotaResposta } from './nota.resposta';

/** decisions §9: carta de correção (110110) and the authority status. */
export class CartaCorrecaoSolicitadaResposta implements CartaCorrecaoCriada {
  @Sempre(texto({ exemplo: 'Carta de correção solicitada' })) message: string;
  @Sempre(uuid()) uuid: string;
  @Sempre(inteiro({ minimum: 1, maximum: 20, exemplo: 1 })) sequencia: number;
}

export class CartaCorrecaoNotaResposta implements CartaCorrecaoResposta {
  @Sempre(inteiro({ minimum: 1, maximum: 20, exemplo: 1 })) sequencia: number;
  @Sempre(texto({ exemplo: 'Onde se lê quantidade 10, leia-se quantidade 12 no item 1' })) correcao: string;
  @Sempre(texto({ enum: SITUACOES_CARTA_CORRECAO as SituacaoCartaCorrecao[], exemplo: 'autorizada' })) situacao: SituacaoCartaCorrecao;
  @Talvez(texto()) protocolo?: string;
  @Talvez(dataHoraSefaz()) data_evento?: string;
  @Talvez(objeto(() => StatusSefazNotaResposta)) status_sefaz?: StatusSefazNotaResposta;
}

export class ContingenciaResposta {
  @Sempre(texto({ enum: ['svc_an', 'svc_rs'] })) tipo: TipoContingencia;
  @Sempre(instante()) inicio: string;
}

export class StatusAutorizadorResposta implements StatusSefazResposta {
  @Sempre(texto({ exemplo: 'SP' })) uf: string;
  @Sempre(texto({ enum: ['producao', 'homologacao'], exemplo: 'homologacao' })) ambiente: 'producao' | 'homologacao';
  @Sempre(texto({ exemplo: 'SP' })) autorizador: string;
  @Sempre(booleano({ exemplo: true })) disponivel: boolean;
  @Sempre(objeto(() => ContingenciaResposta, { nullable: true, descricao: 'null fora de contingência' }))
  contingencia: ContingenciaResposta | null;
  @Sempre(instante()) verificado_em: string;
}
