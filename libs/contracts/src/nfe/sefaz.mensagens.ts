/**
 * The JetStream payloads of `sefaz.ts` as class-validator classes: each message is checked where it
 * enters its app (`validarMensagem` in libs/plataforma), so a malformed one is refused with its
 * fields named instead of crashing the handler on every redelivery. Each class implements its
 * interface: the shape is defined once, there.
 */
import type { AmbienteSefaz } from '@emissor/fiscal-domain';
import {
  CampoAmbiente,
  CampoBooleano,
  CampoChaveNfe,
  CampoCnpj,
  CampoInteiro,
  CampoObjeto,
  CampoTexto,
  CampoUf,
  CampoUuid,
} from '../comum/validacao';
import type { MudancaEstadoAutorizador } from './cartas-correcao';
import type {
  ComandoAutorizar,
  ComandoEvento,
  FalhaTransmissao,
  NotaEmProcessamento,
  ResultadoAutorizacao,
  ResultadoEvento,
  StatusSefaz,
} from './sefaz';

/** comando_id: any non-empty text (the adapter keys by it; a retried command gets a suffix). */
const CampoComando = () => CampoTexto({ vazio: false });
const TIPO_EVENTO = { padrao: /^\d{6}$/, mensagem: 'deve ter 6 dígitos' };

abstract class DestinoSefazMensagem {
  @CampoComando() comando_id!: string;
  @CampoUuid() nota_id!: string;
  @CampoUuid() empresa_id!: string;
  @CampoCnpj() cnpj!: string;
  @CampoUf() uf!: string;
  @CampoAmbiente() ambiente!: AmbienteSefaz;
  @CampoBooleano() sandbox!: boolean;
  @CampoChaveNfe() chave_acesso!: string;
}

export class ComandoAutorizarMensagem extends DestinoSefazMensagem implements ComandoAutorizar {
  @CampoTexto({ vazio: false }) xml_nfe!: string;
}

export class ComandoEventoMensagem extends DestinoSefazMensagem implements ComandoEvento {
  @CampoTexto(TIPO_EVENTO) tipo_evento!: string;
  @CampoInteiro({ min: 1 }) sequencia!: number;
  @CampoTexto({ vazio: false }) xml_evento!: string;
}

export class StatusSefazMensagem implements StatusSefaz {
  @CampoTexto() codigo!: string;
  @CampoTexto() motivo!: string;
}

export class NotaEmProcessamentoMensagem implements NotaEmProcessamento {
  @CampoComando() comando_id!: string;
  @CampoUuid() nota_id!: string;
}

export class ResultadoAutorizacaoMensagem implements ResultadoAutorizacao {
  @CampoComando() comando_id!: string;
  @CampoUuid() nota_id!: string;
  @CampoChaveNfe() chave_acesso!: string;
  @CampoTexto({ valores: ['autorizada', 'rejeitada', 'denegada'] }) situacao!: ResultadoAutorizacao['situacao'];
  @CampoObjeto(() => StatusSefazMensagem) status_sefaz!: StatusSefaz;
  @CampoTexto({ opcional: true }) protocolo?: string;
  @CampoTexto({ opcional: true }) data_recebimento?: string;
  @CampoTexto({ opcional: true }) xml_protocolo?: string;
}

export class ResultadoEventoMensagem implements ResultadoEvento {
  @CampoComando() comando_id!: string;
  @CampoUuid() nota_id!: string;
  @CampoChaveNfe() chave_acesso!: string;
  @CampoTexto(TIPO_EVENTO) tipo_evento!: string;
  @CampoInteiro({ min: 1 }) sequencia!: number;
  @CampoBooleano() aceito!: boolean;
  @CampoObjeto(() => StatusSefazMensagem) status_sefaz!: StatusSefaz;
  @CampoTexto({ opcional: true }) protocolo?: string;
  @CampoTexto({ opcional: true }) data_evento?: string;
  @CampoTexto({ opcional: true }) xml_retorno?: string;
}

export class FalhaTransmissaoMensagem implements FalhaTransmissao {
  @CampoComando() comando_id!: string;
  @CampoUuid() nota_id!: string;
  @CampoUuid() empresa_id!: string;
  @CampoTexto() motivo!: string;
  @CampoBooleano({ opcional: true }) talvez_recebida?: boolean;
}

export class MudancaEstadoAutorizadorMensagem implements MudancaEstadoAutorizador {
  @CampoTexto({ vazio: false }) autorizador!: string;
  @CampoAmbiente() ambiente!: AmbienteSefaz;
  @CampoBooleano({ lista: true }) sandbox!: boolean[];
  @CampoUf({ lista: true }) ufs!: string[];
  @CampoBooleano() disponivel!: boolean;
  /** null while it answers. */
  @CampoTexto({ opcional: true }) motivo!: string | null;
  @CampoTexto({ vazio: false }) desde!: string;
}
