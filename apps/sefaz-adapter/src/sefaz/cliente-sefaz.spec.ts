import { Agent } from 'node:https';
import { lerEnvelopeSoap, montarEnvelopeSoap, montarRetConsSitNFe, montarRetConsStatServ } from '@emissor/fiscal-domain';
import type { CertificadosService } from '../certificados/certificados.service';
import type { ConfigSefazAdapter } from '../config';
import { ErroLimiteConsumo, GuardaConsumo, SaudeAutorizadores } from '../guarda/guarda-consumo';
import { type ChamadaSoap, ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { ClienteSefaz, ErroServicoIndisponivel } from './cliente-sefaz';

const CHAVE = '23261111222333000181550010000000071135724680';
const comum = { ambiente: 2 as const, versaoAplicativo: 'x', cUF: '23', dataRecebimento: '2026-11-22T10:00:00-03:00' };

function montar(modo: 'simulador' | 'soap', respostas: (string | Error)[]) {
  const chamadas: ChamadaSoap[] = [];
  const agente = new Agent();
  const certificados = { agente: async () => agente, esquecer: () => undefined } as unknown as CertificadosService;
  const config = { SEFAZ_MODE: modo, SEFAZ_SIMULADOR_URL: 'https://127.0.0.1:3443', SEFAZ_TEMPO_LIMITE_MS: 1000 } as ConfigSefazAdapter;
  const cliente = new ClienteSefaz(config, certificados, new GuardaConsumo(), new SaudeAutorizadores(), async (c) => {
    chamadas.push(c);
    // The message must survive the envelope as the real transport would send it.
    lerEnvelopeSoap(montarEnvelopeSoap(c.servico, c.mensagem), 'nfeDadosMsg');
    const r = respostas.shift();
    if (r instanceof Error || r === undefined) throw r ?? new Error('inesperado');
    return r;
  });
  return { cliente, chamadas };
}

const destino = (sandbox = false) => ({ empresaId: 'e1', cnpj: '11222333000181', uf: 'CE', ambiente: 2 as const, sandbox });

describe('ClienteSefaz', () => {
  it('sends CE to SVRS; in soap mode to the real URL, sandbox notes to the simulator (its own /sandbox partition) whatever the mode', async () => {
    const ret = montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ', chave: CHAVE });
    const { cliente, chamadas } = montar('soap', [ret, ret]);
    expect(await cliente.consultarProtocolo(destino(), CHAVE)).toMatchObject({ cStat: '217', chave: CHAVE });
    await cliente.consultarProtocolo(destino(true), CHAVE);
    expect(chamadas.map((c) => c.url.href)).toEqual([
      'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      'https://127.0.0.1:3443/sandbox/ws/NfeConsulta/NfeConsulta4.asmx',
    ]);
    expect(chamadas[0].mensagem).toContain(`<chNFe>${CHAVE}</chNFe>`);
  });

  it('after a communication failure, the next send waits for NFeStatusServico4 = 107', async () => {
    const { cliente, chamadas } = montar('simulador', [
      new ErroComunicacaoSefaz('ECONNRESET', 'resposta'),
      montarRetConsStatServ({ ...comum, cStat: '108', xMotivo: 'Serviço Paralisado Momentaneamente (curto prazo)' }),
      montarRetConsStatServ({ ...comum, cStat: '107', xMotivo: 'Serviço em Operação' }),
    ]);
    await cliente.garantirEmOperacao(destino());
    expect(chamadas).toHaveLength(0);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroComunicacaoSefaz);
    await expect(cliente.garantirEmOperacao(destino())).rejects.toThrow(ErroServicoIndisponivel);
    await cliente.garantirEmOperacao(destino());
    await cliente.garantirEmOperacao(destino());
    expect(chamadas.map((c) => c.servico)).toEqual(['NFeConsultaProtocolo4', 'NFeStatusServico4', 'NFeStatusServico4']);
    expect(chamadas[1].mensagem).toContain('<cUF>23</cUF><xServ>STATUS</xServ>');
  });

  it('does not make a call the consumption guard refuses, and turns an unreadable answer into a communication failure', async () => {
    const ret = montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'x', chave: CHAVE });
    const { cliente, chamadas } = montar('simulador', [...Array(8).fill(ret), '<html/>']);
    for (let i = 0; i < 8; i++) await cliente.consultarProtocolo(destino(), CHAVE);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroLimiteConsumo);
    expect(chamadas).toHaveLength(8);
    await expect(cliente.statusServico(destino())).rejects.toThrow('Resposta ilegível');
  });
});
