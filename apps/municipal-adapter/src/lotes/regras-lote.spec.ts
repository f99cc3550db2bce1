import type { ComandoCancelarNfse, ComandoEnviarRps } from '@emissor/contracts';
import type { NfseEmitida, VereditoRps } from '../provedores/provedor';
import type { LinhaLote, LinhaRps, SituacaoLote } from './lotes.repositorio';
import {
  atrasoFalha,
  classificarVereditos,
  conclusaoEmitida,
  esperaDaConsulta,
  esperaNaFilaSegundos,
  loteDevido,
  loteParaEnvio,
  nfseCompleta,
  PASSO_DO_LOTE,
  resultadoDoCancelamento,
  separarForaDoLeiaute,
  situacaoAposFalhaDeTransporte,
} from './regras-lote';

const prestador = { cnpj: '11222333000181', inscricao_municipal: '12345' };
const rps = (nota: number, envios = 1): LinhaRps => ({
  nota_id: String(nota),
  envios,
  comando: { nota_id: nota, prestador, rps: { numero: nota, serie: '1', tipo: '1' } } as unknown as ComandoEnviarRps,
});
const nfse: NfseEmitida = {
  numero: '2026000000000042',
  codigo_verificacao: '3'.repeat(50),
  data_emissao: '2026-03-02T10:00:00-03:00',
  cancelada: false,
  xml: '<NFSe/>',
};

describe('the batch state machine', () => {
  it('a batch that may have reached the municipality is never sent again: it is consulted by RPS', () => {
    expect(PASSO_DO_LOTE.montado).toBe('enviar');
    expect(PASSO_DO_LOTE.enviado).toBe('consultar');
    expect(PASSO_DO_LOTE.enviando).toBe('verificar_por_rps');
    expect(PASSO_DO_LOTE.ambiguo).toBe('verificar_por_rps');
    expect(PASSO_DO_LOTE.concluido).toBeNull();
    const enviam = (Object.keys(PASSO_DO_LOTE) as SituacaoLote[]).filter((s) => PASSO_DO_LOTE[s] === 'enviar');
    expect(enviam).toEqual(['montado']);
  });

  it('a send without an answer leaves the batch ambiguous; a consult without an answer keeps its state', () => {
    expect(situacaoAposFalhaDeTransporte('montado')).toBe('ambiguo');
    expect(situacaoAposFalhaDeTransporte('enviando')).toBe('ambiguo');
    expect(situacaoAposFalhaDeTransporte('enviado')).toBeUndefined();
    expect(situacaoAposFalhaDeTransporte('ambiguo')).toBeUndefined();
  });
});

describe('waits', () => {
  it('a failed attempt waits 1 s doubling up to 5 minutes', () => {
    expect([0, 1, 2, 3, 8, 9, 10, 50].map(atrasoFalha)).toEqual([1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000, 300_000]);
  });

  it('a batch still being processed is consulted again after CONSULTA_INTERVALO_MS growing 1.5× up to 10 s', () => {
    expect(esperaDaConsulta(0, 500)).toBe(750);
    expect(esperaDaConsulta(1, 500)).toBe(1_125);
    expect(esperaDaConsulta(10, 500)).toBe(10_000);
    expect(esperaDaConsulta(1_000, 500)).toBe(10_000);
  });

  it('an RPS sent back to the queue goes again at once the first time, then waits longer each time', () => {
    expect(esperaNaFilaSegundos(1)).toBe(0);
    expect(esperaNaFilaSegundos(2)).toBe(1);
    expect(esperaNaFilaSegundos(3)).toBe(2);
    expect(esperaNaFilaSegundos(20)).toBe(300);
  });

  it('a group makes a batch when full, or with what it has once its oldest RPS waited the interval', () => {
    expect(loteDevido(50, 50, false)).toBe(true);
    expect(loteDevido(49, 50, false)).toBe(false);
    expect(loteDevido(1, 50, true)).toBe(true);
    expect(loteDevido(0, 50, true)).toBe(false);
  });
});

describe('verdicts', () => {
  it('an NFS-e or a refusal concludes an RPS; "already informed" and no verdict are asked by RPS, in batch order', () => {
    const vereditos = new Map<number, VereditoRps>([
      [1, { tipo: 'emitida', nfse }],
      [2, { tipo: 'recusado', erros: [{ codigo: 'E0190', mensagem: 'Inscrição inválida' }] }],
      [3, { tipo: 'ja_informado' }],
      [5, { tipo: 'sem_veredito' }],
    ]);
    const { conclusoes, aConsultar } = classificarVereditos([rps(1), rps(2), rps(3), rps(4), rps(5)], vereditos);
    expect(conclusoes).toEqual([
      {
        nota: 1,
        resultado: {
          nota_id: 1,
          situacao: 'processado_com_sucesso',
          nfse: { numero: nfse.numero, codigo_verificacao: nfse.codigo_verificacao, data_emissao: nfse.data_emissao, xml: '<NFSe/>' },
        },
      },
      { nota: 2, resultado: { nota_id: 2, situacao: 'processado_com_erro', erros: [{ codigo: 'E0190', mensagem: 'Inscrição inválida' }] } },
    ]);
    expect(aConsultar.map((r) => r.nota_id)).toEqual(['3', '4', '5']);
  });

  it('an NFS-e answered without its number or verification code (read as blank) is no verdict: that RPS alone is asked by RPS', () => {
    expect(nfseCompleta(nfse)).toBe(true);
    expect(nfseCompleta({ ...nfse, numero: '' })).toBe(false);
    expect(nfseCompleta({ ...nfse, numero: '  ' })).toBe(false);
    expect(nfseCompleta({ ...nfse, codigo_verificacao: '' })).toBe(false);
    const vereditos = new Map<number, VereditoRps>([
      [1, { tipo: 'emitida', nfse: { ...nfse, numero: '' } }],
      [2, { tipo: 'emitida', nfse }],
      [3, { tipo: 'emitida', nfse: { ...nfse, codigo_verificacao: '' } }],
    ]);
    const { conclusoes, aConsultar, incompletas } = classificarVereditos([rps(1), rps(2), rps(3)], vereditos);
    expect(conclusoes.map((c) => c.nota)).toEqual([2]);
    expect(aConsultar.map((r) => r.nota_id)).toEqual(['1', '3']);
    expect(incompletas).toEqual(['1', '3']);
  });

  it('an issued NFS-e without its XML (ABRASF consult by RPS) carries no xml field', () => {
    const { xml: _xml, ...semXml } = nfse;
    expect(conclusaoEmitida(rps(7), semXml).resultado.nfse).toEqual({
      numero: nfse.numero,
      codigo_verificacao: nfse.codigo_verificacao,
      data_emissao: nfse.data_emissao,
    });
  });

  it('an RPS out of layout is refused alone; the others go on, in order', () => {
    const erro = { codigo: 'E0235', mensagem: 'Tomador CNPJ sem endereço' };
    const { recusadas, aceitas } = separarForaDoLeiaute([rps(1), rps(2), rps(3)], (c) => (c.nota_id === 2 ? [erro] : []));
    expect(recusadas).toEqual([{ nota: 2, resultado: { nota_id: 2, situacao: 'processado_com_erro', erros: [erro] } }]);
    expect(aceitas.map((r) => r.nota_id)).toEqual(['1', '3']);
  });

  it('the batch sent: its number, the issuer of its first RPS and every RPS in order', () => {
    const lote = { numero_lote: '17' } as LinhaLote;
    const paraEnvio = loteParaEnvio(lote, [rps(1), rps(2)]);
    expect(paraEnvio.numeroLote).toBe('17');
    expect(paraEnvio.prestador).toEqual(prestador);
    expect(paraEnvio.rps.map((c) => c.nota_id)).toEqual([1, 2]);
  });
});

describe('cancellation results', () => {
  const c = { comando_id: 'c1', nota_id: 9 } as ComandoCancelarNfse;

  it('accepted, with the date when the authority gave one', () => {
    expect(resultadoDoCancelamento(c, { aceito: true, data: '2026-03-02T10:00:00-03:00' })).toEqual({
      comando_id: 'c1',
      nota_id: 9,
      aceito: true,
      data_cancelamento: '2026-03-02T10:00:00-03:00',
    });
    expect(resultadoDoCancelamento(c, { aceito: true, data: '' })).toEqual({ comando_id: 'c1', nota_id: 9, aceito: true });
  });

  it('refused, with the messages', () => {
    const erros = [{ codigo: 'MUNICIPIO', mensagem: 'sem provedor' }];
    expect(resultadoDoCancelamento(c, { aceito: false, erros })).toEqual({ comando_id: 'c1', nota_id: 9, aceito: false, erros });
  });
});
