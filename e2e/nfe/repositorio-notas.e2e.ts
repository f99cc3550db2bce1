/**
 * nfe-service's note repository against the real PostgreSQL of the test system (schema `nfe`): the
 * check made on every create must be answered by an index, whatever the number of notes the company
 * already has (it once read all of them: a create got slower with every note issued).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- nfe-service's repository, tested against the real database
import { RepositorioNotas } from '../../apps/nfe-service/src/notas/notas.repositorio';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the entity the repository writes
import { NotaFiscal } from '../../apps/nfe-service/src/notas/entities/nota-fiscal.entity';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a new note's row, as the create writes it
import { notaFiscalNova } from '../../apps/nfe-service/src/notas/__fixtures__/nota-fiscal';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the counter lock a numbering batch takes
import { travarNumeracao } from '../../apps/nfe-service/src/notas/numeracao';
import type { LinhaSaida } from '@emissor/plataforma';
import { conectarBancoNfe } from '../support/banco-nfe';

interface NoPlano {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: NoPlano[];
}
const nos = (n: NoPlano): NoPlano[] => [n, ...(n.Plans ?? []).flatMap(nos)];

describe('RepositorioNotas (PostgreSQL)', () => {
  let banco: DataSource;
  beforeAll(async () => {
    banco = await conectarBancoNfe();
  });
  afterAll(() => banco.destroy());

  it('a prévia da emissão procura o codigo_externo pelo índice único, sem ler as notas da empresa; prévias simultâneas numa instrução', async () => {
    // A company with 3000 notes (rows written straight in, outside the system's companies), so the
    // planner chooses as it would in production.
    const empresa = randomUUID();
    await banco.query(
      `INSERT INTO nfe.notas (id, empresa_id, conta_id, cnpj_emitente, sandbox, ambiente_numeracao, tp_amb, codigo_externo, serie,
         numero, chave_acesso, situacao, natureza_operacao, finalidade, tipo_operacao, indicador_presenca,
         indicador_consumidor_final, uf_emitente, data_emissao, resposta, xml_assinado)
       SELECT gen_random_uuid(), $1::uuid, $1::uuid, '11222333000181', false, 'teste-plano-' || $1::text, 2, 'C-' || n, 1, n,
              lpad(n::text, 44, '0'), 'autorizada', 'Venda', 1, 1, 1, true, 'SP', now(), '{}', '<NFe/>'
         FROM generate_series(1, 3000) AS n`,
      [empresa],
    );
    try {
      await banco.query('ANALYZE nfe.notas');
      // The real database, asked for the plan of the very statement the repository sends.
      const planos: NoPlano[] = [];
      const explicando = {
        query: async (sql: string, parametros: unknown[]) => {
          const [{ 'QUERY PLAN': plano }] = await banco.query(`EXPLAIN (FORMAT JSON) ${sql}`, parametros);
          planos.push(plano[0].Plan);
          return banco.query(sql, parametros);
        },
      } as unknown as DataSource;
      const repositorio = new RepositorioNotas(explicando, undefined as never);
      expect(await repositorio.previaEmissao(empresa, false, 'C-1500')).toEqual({ serie_padrao: null, ambiente: null, usado: true });
      expect(await repositorio.previaEmissao(empresa, false, 'C-9999')).toEqual({ serie_padrao: null, ambiente: null, usado: false });
      // Concurrent creates share one statement, each with its own answer, in order.
      const configurada = randomUUID();
      await banco.query(`INSERT INTO nfe.configuracoes_nfe (empresa_id, serie_padrao, ambiente) VALUES ($1, 7, 'producao')`, [configurada]);
      try {
        const antes = planos.length;
        expect(
          await Promise.all([
            repositorio.previaEmissao(empresa, false, 'C-2'),
            repositorio.previaEmissao(configurada, false, 'C-2'),
            repositorio.previaEmissao(empresa, true, 'C-2'),
            repositorio.previaEmissao(empresa, false, 'C-3001'),
          ]),
        ).toEqual([
          { serie_padrao: null, ambiente: null, usado: true },
          { serie_padrao: 7, ambiente: 'producao', usado: false },
          { serie_padrao: null, ambiente: null, usado: false },
          { serie_padrao: null, ambiente: null, usado: false },
        ]);
        expect(planos.length - antes).toBe(1);
      } finally {
        await banco.query('DELETE FROM nfe.configuracoes_nfe WHERE empresa_id = $1', [configurada]);
      }
      for (const plano of planos) {
        const leituras = nos(plano).filter((n) => n['Relation Name'] === 'notas');
        expect(leituras).toEqual([expect.objectContaining({ 'Index Name': 'notas_codigo_externo' })]);
      }
    } finally {
      await banco.query('DELETE FROM nfe.notas WHERE empresa_id = $1', [empresa]);
    }
  });

  it('o aviso em_processamento: pendente passa a em_processamento e a falha de transmissão mostrada some, em qualquer estado', async () => {
    const empresa = randomUUID();
    // [situação, status_sefaz_codigo, motivo] before, by note number.
    const antes: [string, string | null, string | null][] = [
      ['pendente', null, null],
      ['pendente', 'transmissao', 'certificado recusado'],
      ['em_processamento', 'transmissao', 'certificado recusado'],
      ['autorizada', '100', 'Autorizado o uso da NF-e'],
      ['rejeitada', '778', 'NCM inexistente'],
    ];
    await banco.query(
      `INSERT INTO nfe.notas (id, empresa_id, conta_id, cnpj_emitente, sandbox, ambiente_numeracao, tp_amb, codigo_externo, serie,
         numero, chave_acesso, situacao, status_sefaz_codigo, status_sefaz_motivo, natureza_operacao, finalidade, tipo_operacao,
         indicador_presenca, indicador_consumidor_final, uf_emitente, data_emissao, resposta, xml_assinado, atualizado_em)
       SELECT gen_random_uuid(), $1::uuid, $1::uuid, '11222333000181', false, 'teste-aviso-' || $1::text, 2, 'A-' || n, 1, n,
              lpad(n::text, 44, '0'), e.v->>'situacao', e.v->>'codigo', e.v->>'motivo', 'Venda', 1, 1, 1, true, 'SP', now(), '{}', '<NFe/>',
              now() - interval '1 hour'
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n)`,
      [empresa, JSON.stringify(antes.map(([situacao, codigo, motivo]) => ({ situacao, codigo, motivo })))],
    );
    try {
      const repositorio = new RepositorioNotas(banco, undefined as never);
      const notas: { id: string }[] = await banco.query('SELECT id FROM nfe.notas WHERE empresa_id = $1 ORDER BY numero', [empresa]);
      await banco.transaction(async (tx) => {
        await repositorio.marcarEmProcessamento(
          tx,
          notas.map((n) => n.id),
        );
      });
      const depois = await banco.query(
        `SELECT situacao, status_sefaz_codigo AS codigo, status_sefaz_motivo AS motivo, atualizado_em > now() - interval '1 minute' AS tocada
           FROM nfe.notas WHERE empresa_id = $1 ORDER BY numero`,
        [empresa],
      );
      expect(depois).toEqual([
        { situacao: 'em_processamento', codigo: null, motivo: null, tocada: true },
        { situacao: 'em_processamento', codigo: null, motivo: null, tocada: true },
        { situacao: 'em_processamento', codigo: null, motivo: null, tocada: false },
        { situacao: 'autorizada', codigo: '100', motivo: 'Autorizado o uso da NF-e', tocada: false },
        { situacao: 'rejeitada', codigo: '778', motivo: 'NCM inexistente', tocada: false },
      ]);
    } finally {
      await banco.query('DELETE FROM nfe.notas WHERE empresa_id = $1', [empresa]);
    }
  });

  it('gravarNotas grava um lote num só comando, de texto fixo para cada tamanho de lote, com cada campo como a entidade o tem', async () => {
    const empresa = randomUUID();
    const nota = (numero: number, extra: Partial<NotaFiscal> = {}): NotaFiscal =>
      notaFiscalNova(empresa, numero, {
        // A numbering of its own (the unique index of numbers is per CNPJ and numbering), as the tests above do.
        ambienteNumeracao: `teste-insercao-${empresa}` as never,
        dataEmissao: new Date('2026-11-27T03:04:05.000Z'),
        resposta: { totais: { valor_total: '10.50' }, itens: [{ descricao: 'Café "especial" \\ 1kg' }] } as never,
        // Quotes, a backslash, accents and a line break: each must come back as written.
        xmlAssinado: '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><xProd>Café "especial" \\ 1kg</xProd>\n</NFe>',
        ...extra,
      });
    const textos: string[] = [];
    const gravando = {
      getMetadata: (alvo: unknown) => banco.getMetadata(alvo as never),
    } as unknown as DataSource;
    const repositorio = new RepositorioNotas(gravando, banco.getRepository(NotaFiscal));
    const registrando = (tx: EntityManager) =>
      ({ query: (sql: string, parametros: unknown[]) => (textos.push(sql), tx.query(sql, parametros)) }) as never;
    const primeira = nota(1, {
      contingenciaTipo: 'svc_an',
      contingenciaMotivo: 'SEFAZ SP fora do ar',
      contingenciaInicio: new Date('2026-11-27T02:00:00.000Z'),
      dataSaida: new Date('2026-11-27T10:00:00.000Z'),
      informacoesComplementares: 'Pedido 42',
    });
    const lote = [nota(2), nota(3, { sandbox: true })];
    const outroLote = [nota(5), nota(6)];
    try {
      await banco.transaction((tx) => repositorio.gravarNotas(registrando(tx), [primeira], []));
      await banco.transaction((tx) => repositorio.gravarNotas(registrando(tx), lote, []));
      await banco.transaction((tx) => repositorio.gravarNotas(registrando(tx), outroLote, []));
      // One statement per batch; its text depends only on the number of notes (prepared once per size).
      expect(textos).toHaveLength(3);
      expect(textos[2]).toBe(textos[1]);
      expect(textos[1]).not.toBe(textos[0]);

      for (const esperada of [primeira, ...lote, ...outroLote]) {
        const lida = await repositorio.buscar(empresa, esperada.sandbox, esperada.id);
        const { criadoEm, atualizadoEm, ...campos } = lida!;
        expect(campos).toEqual({
          ...esperada,
          xmlAutorizado: null,
          xmlProtocolo: null,
          xmlCancelamento: null,
          dataAutorizacao: null,
          dataCancelamento: null,
          protocoloAutorizacao: null,
          protocoloCancelamento: null,
          motivoCancelamento: null,
          statusSefazCodigo: null,
          statusSefazMotivo: null,
          reemitidaUuid: null,
          reemitidaDeUuid: null,
          ...(esperada === primeira ? {} : { contingenciaTipo: null, contingenciaMotivo: null, contingenciaInicio: null }),
        });
        expect(criadoEm).toBeInstanceOf(Date);
        expect(atualizadoEm.getTime()).toBe(criadoEm.getTime());
      }

      // The same external code again (the unique index of the creates): the driver's code and constraint, as before.
      const repetida = nota(4, { codigoExterno: 'N-2' });
      const erro = await banco.transaction((tx) => repositorio.gravarNotas(tx, [repetida], [])).catch((e: unknown) => e);
      expect(erro).toMatchObject({ code: '23505', constraint: 'notas_codigo_externo' });
      expect(await repositorio.buscar(empresa, false, repetida.id)).toBeNull();
    } finally {
      await banco.query('DELETE FROM nfe.notas WHERE empresa_id = $1', [empresa]);
    }
  });

  it('gravarNotas de um lote da numeração: as notas, as suas linhas da saída e o último número num só comando', async () => {
    const empresa = randomUUID();
    const repositorio = new RepositorioNotas(banco, banco.getRepository(NotaFiscal));
    // A CNPJ of its own: its counter and numbers are this test's alone (and rolled back).
    const cnpj = String(randomInt(1e13, 1e14));
    const ambiente = 'homologacao';
    const nota = (numero: number) => notaFiscalNova(empresa, numero, { cnpjEmitente: cnpj, xmlAssinado: '<NFe/>' });
    const saidasDe = (n: NotaFiscal): LinhaSaida[] => [
      { id: randomUUID(), assunto: 'teste.comando', dados: { nota: n.id, texto: 'Café "especial"' }, requestId: null },
      { id: randomUUID(), assunto: 'teste.evento', dados: { nota: n.id }, requestId: randomUUID() },
    ];
    const textos: string[] = [];
    const registrando = (tx: EntityManager) =>
      ({ query: (sql: string, parametros: unknown[]) => (textos.push(sql), tx.query(sql, parametros)) }) as never;
    const desfazer = new Error('desfazer');
    // Rolled back at the end: the outbox rows never reach the running system's relay.
    const lido = await banco
      .transaction(async (tx) => {
        await travarNumeracao(tx, cnpj, ambiente, 1);
        const lotes = [
          [nota(1), nota(2)],
          [nota(3), nota(4)],
        ];
        for (const [i, lote] of lotes.entries())
          await repositorio.gravarNotas(registrando(tx), lote, lote.flatMap(saidasDe), { cnpj, ambiente, serie: 1, ultimo: 2 * (i + 1) });
        const ids = lotes.flat().map((n) => n.id);
        const [contagem] = await tx.query(
          `SELECT (SELECT count(*)::int FROM nfe.notas WHERE id = ANY($1::uuid[])) AS notas,
                  (SELECT count(*)::int FROM nfe.saida WHERE dados->>'nota' = ANY($1::text[])) AS saidas,
                  (SELECT dados->>'texto' FROM nfe.saida WHERE dados->>'nota' = $2 AND assunto = 'teste.comando') AS texto,
                  (SELECT ultimo_numero FROM nfe.numeracao WHERE cnpj = $3 AND ambiente = $4 AND serie = 1) AS ultimo`,
          [ids, ids[0], cnpj, ambiente],
        );
        throw Object.assign(desfazer, { contagem });
      })
      .catch((e: Error & { contagem?: unknown }) => (e === desfazer ? e.contagem : Promise.reject(e)));
    expect(lido).toEqual({ notas: 4, saidas: 8, texto: 'Café "especial"', ultimo: 4 });
    // One statement per batch, the same text for batches of the same size.
    expect(textos).toHaveLength(2);
    expect(textos[1]).toBe(textos[0]);
  });

  it('aplicarVereditos: a compare-and-set por nota num só comando; devolve só as notas que mudaram, sem XML; o que o veredito não traz fica', async () => {
    const empresa = randomUUID();
    const repositorio = new RepositorioNotas(banco, banco.getRepository(NotaFiscal));
    const nota = (numero: number, extra: Partial<NotaFiscal>) =>
      notaFiscalNova(empresa, numero, { ambienteNumeracao: `teste-vereditos-${empresa}` as never, xmlAssinado: '<NFe/>', ...extra });
    const [pendente, emProcessamento, autorizada, outraPendente] = [
      nota(1, {}),
      nota(2, { situacao: 'em_processamento', protocoloAutorizacao: '135260000000001' }),
      nota(3, { situacao: 'autorizada', statusSefazCodigo: '100', statusSefazMotivo: 'Autorizado o uso da NF-e' }),
      nota(4, {}),
    ];
    await banco.transaction((tx) => repositorio.gravarNotas(tx, [pendente, emProcessamento, autorizada, outraPendente], []));
    try {
      const quando = new Date('2026-11-27T09:10:11.000Z');
      const textos: string[] = [];
      const atualizadas = await banco.transaction((tx) => {
        const contando = { query: (sql: string, p: unknown[]) => (textos.push(sql), tx.query(sql, p)) } as unknown as EntityManager;
        return repositorio.aplicarVereditos(contando, [
          {
            id: pendente.id,
            situacao: 'autorizada',
            statusSefazCodigo: '100',
            statusSefazMotivo: 'Autorizado o uso da NF-e',
            protocoloAutorizacao: '135260000000777',
            dataAutorizacao: quando,
            xmlProtocolo: '<protNFe versao="4.00"/>',
          },
          { id: emProcessamento.id, situacao: 'rejeitada', statusSefazCodigo: '778', statusSefazMotivo: 'NCM inexistente' },
          { id: autorizada.id, situacao: 'rejeitada', statusSefazCodigo: '999', statusSefazMotivo: 'tarde demais' },
          { id: randomUUID(), situacao: 'autorizada', statusSefazCodigo: '100', statusSefazMotivo: 'nota desconhecida' },
        ]);
      });
      expect(textos).toHaveLength(1);
      expect(atualizadas.map((n) => [n.id, n.situacao]).sort()).toEqual(
        [
          [pendente.id, 'autorizada'],
          [emProcessamento.id, 'rejeitada'],
        ].sort(),
      );
      expect(atualizadas.every((n) => n instanceof NotaFiscal && n.xmlAssinado === undefined && n.codigoExterno)).toBe(true);
      const linhas = await banco.query(
        `SELECT numero, situacao, status_sefaz_codigo AS codigo, protocolo_autorizacao AS protocolo, data_autorizacao AS data, xml_protocolo AS xml
           FROM nfe.notas WHERE empresa_id = $1 ORDER BY numero`,
        [empresa],
      );
      expect(linhas).toEqual([
        { numero: 1, situacao: 'autorizada', codigo: '100', protocolo: '135260000000777', data: quando, xml: '<protNFe versao="4.00"/>' },
        // A rejection brings no protocol: the one the note had stays.
        { numero: 2, situacao: 'rejeitada', codigo: '778', protocolo: '135260000000001', data: null, xml: null },
        { numero: 3, situacao: 'autorizada', codigo: '100', protocolo: null, data: null, xml: null },
        { numero: 4, situacao: 'pendente', codigo: null, protocolo: null, data: null, xml: null },
      ]);
    } finally {
      await banco.query('DELETE FROM nfe.notas WHERE empresa_id = $1', [empresa]);
    }
  });
});
