import { formatarDataSefaz } from '@emissor/fiscal-domain';
import { requisitar, type ContaTeste } from '../support/api';
import { criarNfse, empresaNfse, esperarNfse, notaNfse, terminal, TOMADOR_IRREGULAR } from './apoio';
import { errosEsquemaNfse } from './esquema-nfse';

describe('NFS-e: listagem', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const ids: number[] = [];
  const listar = (query = '') => requisitar('GET', `/nfse/v1/notas${query}`, { credencial: conta.producao, cnpj });

  beforeAll(async () => {
    ({ conta, cnpj } = await empresaNfse());
    for (let i = 0; i < 5; i++) {
      const tomador = i === 2 ? { razao_social: 'Irregular', cpf_cnpj: TOMADOR_IRREGULAR } : undefined;
      const r = await criarNfse(conta, cnpj, notaNfse({ codigo_externo: `LISTA-${i}`, ...(tomador ? { tomador } : {}) }));
      ids.push(r.corpo.id);
    }
    await Promise.all(ids.map((id) => esperarNfse(conta, cnpj, id, terminal)));
  });

  it('mais recentes primeiro, com X-Total-Count, no esquema da especificação', async () => {
    const r = await listar();
    expect(r.status).toBe(200);
    expect(r.cabecalhos.get('x-total-count')).toBe('5');
    expect(r.corpo.map((n: any) => n.id)).toEqual([...ids].reverse());
    for (const n of r.corpo) expect(errosEsquemaNfse(n)).toEqual([]);
  });

  it('paginação: page e per_page', async () => {
    const p2 = await listar('?per_page=2&page=2');
    expect(p2.corpo.map((n: any) => n.id)).toEqual([ids[2], ids[1]]);
    expect(p2.cabecalhos.get('x-total-count')).toBe('5');
    expect((await listar('?per_page=2&page=3')).corpo.map((n: any) => n.id)).toEqual([ids[0]]);
    expect((await listar('?per_page=2&page=4')).corpo).toEqual([]);
  });

  it('filtros: codigo_externo, situacao (da nfse), data_inicio e data_fim', async () => {
    expect((await listar('?codigo_externo=LISTA-3')).corpo.map((n: any) => n.id)).toEqual([ids[3]]);
    const emitidas = await listar('?situacao=emitida');
    expect(emitidas.cabecalhos.get('x-total-count')).toBe('4');
    const pendentes = await listar('?situacao=pendente');
    expect(pendentes.corpo.map((n: any) => n.id)).toEqual([ids[2]]);
    expect(pendentes.corpo[0].rps.situacao).toBe('processado_com_erro');
    const hoje = formatarDataSefaz(new Date());
    const dia = (delta: number) => formatarDataSefaz(new Date(Date.now() + delta * 86_400_000));
    expect((await listar(`?data_inicio=${hoje}&data_fim=${hoje}`)).cabecalhos.get('x-total-count')).toBe('5');
    expect((await listar(`?data_inicio=${dia(1)}`)).corpo).toEqual([]);
    expect((await listar(`?data_fim=${dia(-1)}`)).corpo).toEqual([]);
    expect((await listar(`?data_inicio=${dia(-1)}&situacao=emitida&per_page=1`)).cabecalhos.get('x-total-count')).toBe('4');
  });

  it('parâmetros inválidos: 400 invalid_params com o campo', async () => {
    for (const [query, campo] of [
      ['?per_page=0', 'per_page'],
      ['?per_page=101', 'per_page'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?situacao=autorizada', 'situacao'],
      ['?data_inicio=2026-02-30', 'data_inicio'],
      ['?data_fim=22/11/2026', 'data_fim'],
      ['?data_inicio=2026-11-22&data_fim=2026-11-21', 'data_fim'],
      ['?desconhecido=1', 'desconhecido'],
    ]) {
      const r = await listar(query);
      expect([query, r.status, r.corpo.error, Object.keys(r.corpo.params ?? {})]).toEqual([query, 400, 'invalid_params', [campo]]);
    }
  });
});
