import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DataSource, type EntityManager } from 'typeorm';
import { executarMigracoes, gravarSaidas, type LinhaSaida, opcoesTypeOrm } from '../../../libs/plataforma/src';
import { migracoes } from '../../../apps/nfe-service/src/migrations';
import { NotaFiscal } from '../../../apps/nfe-service/src/notas/entities/nota-fiscal.entity';
import { RepositorioNotas } from '../../../apps/nfe-service/src/notas/notas.repositorio';
import { notaFiscalNova } from '../../../apps/nfe-service/src/notas/__fixtures__/nota-fiscal';
import { empresaAssinante, nfeAssinada } from '../../../apps/sefaz-simulator/src/__fixtures__/documentos';

const { notaBench } = require('../nota-bench.cjs');

const BLOCOS = 6;
const TAMANHOS_LOTE = [1, 3, 8];

type Modo = (tx: EntityManager, notas: NotaFiscal[], saidas: LinhaSaida[]) => Promise<unknown>;

/** The outbox as it was written until 2026-11-27: the rows as one JSON array, read with the table's row type. */
async function saidasComoJson(tx: EntityManager, linhas: LinhaSaida[]): Promise<void> {
  const registros = linhas.map(
    (l) =>
      `{"id":${JSON.stringify(l.id)},"assunto":${JSON.stringify(l.assunto)},"dados":${JSON.stringify(l.dados)},"request_id":${JSON.stringify(l.requestId)}}`,
  );
  await tx.query(
    `INSERT INTO nfe.saida (id, assunto, dados, request_id)
     SELECT id, assunto, dados, request_id FROM json_populate_recordset(null::nfe.saida, $1::json) ON CONFLICT (id) DO NOTHING`,
    [`[${registros.join(',')}]`],
  );
}

/** The throwaway database of tools/bench/banco-descartavel.mjs (an ES module: run.mjs hands it over). */
type CriarBancoDescartavel = (prefixo: string) => Promise<{ url: string; descartar(): Promise<void> }>;

export async function executar(notasPorModo: number, criarBancoDescartavel: CriarBancoDescartavel): Promise<void> {
  const descartavel = await criarBancoDescartavel('emissor_bench_gravacao');
  try {
    const opcoes = { app: 'bench-gravacao', url: descartavel.url, schema: 'nfe', entidades: [NotaFiscal], migracoes };
    await executarMigracoes(opcoes);
    const base = opcoesTypeOrm(opcoes);
    // One connection: its backend's CPU is the server's share.
    const banco = await new DataSource({ ...base, extra: { ...(base as { extra: object }).extra, max: 1 } } as never).initialize();
    const repositorio = new RepositorioNotas(banco, banco.getRepository(NotaFiscal));
    const [{ pid }] = await banco.query('SELECT pg_backend_pid() AS pid');
    const cpuServidorMs = () => {
      const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(campos[11]) + Number(campos[12])) * 10; // utime + stime, in ticks of 10 ms
    };

    const { xml } = nfeAssinada(empresaAssinante(), { numero: 1, nota: notaBench('G-1') });
    const empresa = randomUUID();
    let numero = 0;
    const novaNota = (): NotaFiscal =>
      notaFiscalNova(empresa, ++numero, {
        xmlAssinado: xml,
        resposta: { itens: notaBench('G').itens, totais: { valor_produtos: '100.00', valor_total: '100.00' } } as never,
      });
    // A note's two outbox rows: the command to authorize (it carries the signed XML) and the webhook event.
    const saidasDe = (nota: NotaFiscal): LinhaSaida[] => [
      {
        id: randomUUID(),
        assunto: 'nfe.comandos.autorizar',
        requestId: randomUUID(),
        dados: {
          comando_id: randomUUID(),
          nota_id: nota.id,
          empresa_id: empresa,
          cnpj: nota.cnpjEmitente,
          uf: 'SP',
          ambiente: 2,
          sandbox: false,
          chave_acesso: nota.chaveAcesso,
          xml_nfe: xml,
        },
      },
      {
        id: randomUUID(),
        assunto: 'nfe.eventos.nfe_solicitacao_autorizacao',
        requestId: randomUUID(),
        dados: { tipo: 'nfe_solicitacao_autorizacao', dados: { uuid: nota.id, ...nota.resposta } },
      },
    ];
    const modos: Record<string, Modo> = {
      'até 2026-11-27: tx.insert do TypeORM + saída em JSON (json_populate_recordset)': async (tx, notas, saidas) => {
        await tx.insert(NotaFiscal, notas);
        await saidasComoJson(tx, saidas);
      },
      'manhã de 2026-11-27: notas e saída em dois comandos (INSERT de várias linhas, um parâmetro por valor)': async (
        tx,
        notas,
        saidas,
      ) => {
        await repositorio.gravarNotas(tx, notas, []);
        await gravarSaidas(tx, 'nfe', saidas);
      },
      'hoje: gravarNotas (as notas e a saída num só comando)': async (tx, notas, saidas) => {
        await repositorio.gravarNotas(tx, notas, saidas);
      },
    };
    const lote = (modo: Modo, tamanho: number) => {
      const notas = Array.from({ length: tamanho }, novaNota);
      return banco.transaction((tx) => modo(tx, notas, notas.flatMap(saidasDe)));
    };

    console.log(
      `Gravação de NF-e novas (notas de 10 itens, XML assinado de ${xml.length} bytes), ${notasPorModo} notas por modo e tamanho de lote`,
    );
    console.log('CPU por nota (ms): node | PostgreSQL, cada lote numa transação (BEGIN, as gravações, COMMIT)');
    for (const tamanho of TAMANHOS_LOTE) {
      for (const modo of Object.values(modos)) for (let i = 0; i < 200; i++) await lote(modo, tamanho); // JIT and prepared statements
      const cpu = Object.fromEntries(Object.keys(modos).map((m) => [m, { node: 0, pg: 0 }]));
      for (let b = 0; b < BLOCOS; b++)
        for (const [nome, modo] of Object.entries(modos)) {
          const inicio = process.cpuUsage();
          const inicioPg = cpuServidorMs();
          for (let i = 0; i < notasPorModo / BLOCOS / tamanho; i++) await lote(modo, tamanho);
          const u = process.cpuUsage(inicio);
          cpu[nome].node += (u.user + u.system) / 1000;
          cpu[nome].pg += cpuServidorMs() - inicioPg;
        }
      console.log(`  lotes de ${tamanho}:`);
      const total = (m: string) => (cpu[m].node + cpu[m].pg) / notasPorModo;
      const [antes] = Object.keys(modos);
      for (const nome of Object.keys(modos))
        console.log(
          `    ${nome}: ${(cpu[nome].node / notasPorModo).toFixed(3)} | ${(cpu[nome].pg / notasPorModo).toFixed(3)} (juntos ${total(nome).toFixed(3)}; ${(total(nome) / total(antes)).toFixed(2)}x)`,
        );
      await banco.query('TRUNCATE nfe.notas, nfe.saida CASCADE');
    }
    await banco.destroy();
  } finally {
    await descartavel.descartar();
  }
}
