import { requisitar, type ContaTeste } from '../support/api';
import { criarNfse, empresaNfse, esperarNfse, notaNfse, simulador, terminal, TOMADOR_IRREGULAR } from './apoio';

describe('NFS-e: cancelamento', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const cancelar = (id: number | string, motivo: string | null = 'Serviço não prestado') =>
    requisitar('DELETE', `/nfse/v1/notas/${id}/cancel${motivo === null ? '' : `?motivo_cancelamento=${encodeURIComponent(motivo)}`}`, {
      credencial: conta.producao,
      cnpj,
    });

  beforeAll(async () => {
    ({ conta, cnpj } = await empresaNfse());
  });

  it('emitida -> 202 -> cancelada em segundo plano; cancelar de novo: 422 já cancelada', async () => {
    const criada = await criarNfse(conta, cnpj, notaNfse());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const r = await cancelar(emitida.id);
    expect(r.status).toBe(202);
    expect(r.corpo).toEqual({ message: expect.any(String), nota_fiscal_id: emitida.id });
    const cancelada = await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
    expect(cancelada.nfse).toMatchObject({ numero: emitida.nfse.numero, codigo_verificacao: emitida.nfse.codigo_verificacao });
    expect((await simulador.nfse(cnpj)).find((n) => n.numero === emitida.nfse.numero)?.cancelada_em).toBeTruthy();
    const denovo = await cancelar(emitida.id);
    expect(denovo.status).toBe(422);
    expect(denovo.corpo).toEqual({ error: 'Esta nota fiscal já está cancelada' });
  });

  it('nota pendente ou com RPS recusado: 422 Somente notas emitidas podem ser canceladas', async () => {
    const pendente = await criarNfse(conta, cnpj, notaNfse());
    const r = await cancelar(pendente.corpo.id);
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Somente notas emitidas podem ser canceladas' });
    const recusada = await criarNfse(conta, cnpj, notaNfse({ tomador: { razao_social: 'Irregular', cpf_cnpj: TOMADOR_IRREGULAR } }));
    await esperarNfse(conta, cnpj, recusada.corpo.id, terminal);
    expect((await cancelar(recusada.corpo.id)).corpo).toEqual({ error: 'Somente notas emitidas podem ser canceladas' });
  });

  it('cancelamento já em andamento: 422 Somente notas emitidas podem ser canceladas', async () => {
    const criada = await criarNfse(conta, cnpj, notaNfse());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    // The municipality answers this company's cancellation late: the note stays cancelamento_solicitado meanwhile.
    await simulador.falha({ operacao: 'CancelarNfse', tipo: 'lento', atraso_ms: 3000, cnpj, vezes: 1 });
    expect((await cancelar(emitida.id)).status).toBe(202);
    const durante = await cancelar(emitida.id);
    expect([durante.status, durante.corpo]).toEqual([422, { error: 'Somente notas emitidas podem ser canceladas' }]);
    await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
  });

  it('quatro cancelamentos ao mesmo tempo: um 202, os outros 422, e a nota cancelada uma vez', async () => {
    const criada = await criarNfse(conta, cnpj, notaNfse());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const respostas = await Promise.all(Array.from({ length: 4 }, () => cancelar(emitida.id)));
    expect(respostas.map((r) => r.status).sort()).toEqual([202, 422, 422, 422]);
    for (const r of respostas.filter((x) => x.status === 422))
      expect(r.corpo.error).toMatch(/^(Somente notas emitidas podem ser canceladas|Esta nota fiscal já está cancelada)$/);
    await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
    expect((await simulador.nfse(cnpj)).filter((n) => n.numero === emitida.nfse.numero && n.cancelada_em)).toHaveLength(1);
  });

  it('nota desconhecida: 404; motivo ausente ou vazio: 400 invalid_params', async () => {
    const r = await cancelar(999999999);
    expect(r.status).toBe(404);
    expect(r.corpo).toEqual({ error: 'Nota fiscal não encontrada' });
    const semMotivo = await cancelar(1, null);
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.corpo).toEqual({ error: 'invalid_params', params: { motivo_cancelamento: ['é obrigatório'] } });
    expect((await cancelar(1, '')).status).toBe(400);
  });
});
