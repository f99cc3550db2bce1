import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  falha,
  MensagensErro,
  type PedidoInutilizacaoSefaz,
  type RespostaInutilizacaoSefaz,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { atributoRaiz, extrairElemento, FORMATO_ID_INUTILIZACAO, tipoCStat } from '@emissor/fiscal-domain';
import { baseDaInutilizacao, REPOSITORIO_PROTOCOLOS, type RepositorioProtocolos } from '../persistencia/repositorio-protocolos';
import type { ClienteSefaz, DestinoSefaz } from '../sefaz/cliente-sefaz';
import { CLIENTE_SEFAZ } from '../sefaz/tokens';

export type PortaSefazInutilizacao = Pick<ClienteSefaz, 'tipoDestino' | 'garantirEmOperacao' | 'inutilizar'>;

/**
 * Inutilização is synchronous for the API: one NFeInutilizacao4 call, answered over NATS.
 * - 102 homologated: stored by the range's Id in its base (baseDaInutilizacao: the sandbox's apart), so asking
 *   again returns the same protocol without a call;
 * - 563 (the very same range was homologated before, e.g. our earlier call whose answer was lost):
 *   the numbers ARE inutilized, so it is reported as homologada, with the protocol if a call of ours stored
 *   it meanwhile (two sends at once), else without the protocol SEFAZ does not repeat;
 * - any other cStat is a refusal (`homologada: false`), a normal answer;
 * - the authority unreachable or answering garbage: 502 `Falha de comunicação com a SEFAZ`.
 */
@Injectable()
export class InutilizacaoService {
  private readonly registro = new Logger('inutilizacao');

  constructor(
    @Inject(REPOSITORIO_PROTOCOLOS) private readonly repo: RepositorioProtocolos,
    @Inject(CLIENTE_SEFAZ) private readonly sefaz: PortaSefazInutilizacao,
  ) {}

  async inutilizar(p: PedidoInutilizacaoSefaz): Promise<RespostaRpc<RespostaInutilizacaoSefaz>> {
    const inf = p?.xml_inutilizacao ? extrairElemento(p.xml_inutilizacao, 'infInut') : null;
    const id = inf ? atributoRaiz(inf, 'Id') : null;
    if (!id || !FORMATO_ID_INUTILIZACAO.test(id)) return falha(422, 'XML de inutilização inválido: infInut com Id ausente');
    const d: DestinoSefaz = { empresaId: p.empresa_id, cnpj: p.cnpj, uf: p.uf, ambiente: p.ambiente, sandbox: p.sandbox };
    const destino = baseDaInutilizacao(this.sefaz.tipoDestino(d), p.sandbox);
    const anterior = await this.repo.buscarInutilizacao(destino, p.ambiente, id);
    if (anterior) return sucesso(anterior);
    try {
      await this.sefaz.garantirEmOperacao(d);
      const r = await this.sefaz.inutilizar(d, id, p.xml_inutilizacao);
      if (tipoCStat(r.cStat) === 'indisponivel') return falha(502, MensagensErro.falhaSefaz);
      if (r.cStat === '563') {
        // A call of ours that SEFAZ homologated may have stored its answer meanwhile: that one has the protocol.
        const registrada = await this.repo.buscarInutilizacao(destino, p.ambiente, id);
        if (registrada) return sucesso(registrada);
      }
      const homologada = r.cStat === '102' || r.cStat === '563';
      const resposta: RespostaInutilizacaoSefaz = {
        homologada,
        status_sefaz: { codigo: r.cStat, motivo: r.xMotivo },
        ...(r.protocolo ? { protocolo: r.protocolo } : {}),
        ...(r.dataRecebimento ? { data_recebimento: r.dataRecebimento } : {}),
        xml_retorno: r.xml,
      };
      if (r.cStat === '102') await this.repo.registrarInutilizacao(destino, p.ambiente, id, p.empresa_id, resposta);
      return sucesso(resposta);
    } catch (erro) {
      this.registro.warn(`inutilização ${id}: ${(erro as Error).message}`);
      return falha(502, MensagensErro.falhaSefaz);
    }
  }
}
