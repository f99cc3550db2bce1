import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidatorOptions } from 'class-validator';
import fc from 'fast-check';
import { semProblemasDeValidacao } from '@emissor/plataforma';
import { CriarContaDto } from '../../contas/dto/criar-conta.dto';
import { EnviarCertificadoDto } from '../../certificados/dto/enviar-certificado.dto';
import { CriarEmpresaDto } from '../../empresas/dto/criar-empresa.dto';
import { CriarCartaCorrecaoDto } from '../../nfe/dto/carta-correcao.dto';
import { AtualizarEmpresaNfeDto } from '../../nfe/dto/empresa-nfe.dto';
import { AtualizarMercadoriaDto, CriarMercadoriaDto } from '../../nfe/dto/mercadoria.dto';
import { CartaCorrecaoParam, StatusSefazQuery } from '../../nfe/dto/carta-correcao.dto';
import {
  CriarInutilizacaoDto,
  CriarNotaDto,
  InutilizarNotaDto,
  JustificativaQuery,
  ListarNotasQuery,
  UuidNotaParam,
} from '../../nfe/dto/nota.dto';
import { CancelamentoNfseQuery, CriarNotaNfseDto, IdNotaNfseParam, ListarNotasNfseQuery } from '../../nfse/dto/nota-nfse.dto';
import { CodigoMunicipioParam, CriarServicoMunicipalDto } from '../../nfse/dto/servico-municipal.dto';
import { EXEMPLOS_CORPOS } from '../../openapi/exemplos';
import { EntregaParams, ListarEntregasQuery, WebhookIdParam } from '../../webhooks/dto/webhook.dto';
import { CriarWebhookDto } from '../../webhooks/dto/webhook.dto';

// The pipe's options (validacao.pipe.ts): the fast verdict must be class-validator's under them.
const OPCOES_PIPE: ValidatorOptions = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true };

const UUID_EXEMPLO = '0b6f0c64-5b8e-4f3a-9d3e-2a7c1e9b4f10';

// Every request body the gateway validates, with its OpenAPI example (valid by construction).
const CLASSES = {
  CriarContaDto,
  CriarEmpresaDto,
  EnviarCertificadoDto,
  AtualizarEmpresaNfeDto,
  CriarMercadoriaDto,
  AtualizarMercadoriaDto,
  CriarNotaDto,
  InutilizarNotaDto,
  CriarInutilizacaoDto,
  CriarCartaCorrecaoDto,
  CriarNotaNfseDto,
  CriarServicoMunicipalDto,
  CriarWebhookDto,
} satisfies Record<keyof typeof EXEMPLOS_CORPOS, new () => object>;

/** The example note, plus items that carry their own tax fields (the catalog example's), an intermediary and presence. */
const mercadoria = EXEMPLOS_CORPOS.CriarMercadoriaDto;
const itemSemCatalogo = (n: number) => ({
  quantidade: String(n + 1),
  codigo: `${mercadoria.codigo}-${n}`,
  descricao: mercadoria.nome,
  ncm: mercadoria.ncm,
  cfop: mercadoria.cfop_interno,
  unidade_comercial: mercadoria.unidade_comercial,
  valor_unitario: mercadoria.valor,
  cst_icms: mercadoria.cst_icms,
  aliquota_icms: mercadoria.aliquota_icms,
});
const NOTA_COMPLETA = {
  ...EXEMPLOS_CORPOS.CriarNotaDto,
  itens: [...EXEMPLOS_CORPOS.CriarNotaDto.itens, itemSemCatalogo(1), itemSemCatalogo(2)],
  indicador_presenca: 2,
  intermediador: { cnpj: '11222333000181', identificador_cadastro: 'loja-1' },
};

const CASOS: [string, new () => object, unknown][] = [
  ...Object.entries(CLASSES).map(([nome, classe]): [string, new () => object, unknown] => [
    nome,
    classe,
    EXEMPLOS_CORPOS[nome as keyof typeof CLASSES],
  ]),
  ['CriarNotaDto (itens sem catálogo, intermediador)', CriarNotaDto, NOTA_COMPLETA],
  [
    'CriarNotaNfseDto (nacional: nbs_*, tributos_aproximados)',
    CriarNotaNfseDto,
    {
      ...EXEMPLOS_CORPOS.CriarNotaNfseDto,
      nbs_codigo: '115021000',
      aliquota_simples_nacional: '0.06',
      tributos_aproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' },
    },
  ],
  // Query strings and path parameters go through the same pipe (400 instead of 422).
  ['ListarNotasQuery', ListarNotasQuery, { page: '2', per_page: '50', situacao: 'autorizada', codigo_externo: 'PED-1' }],
  ['ListarNotasNfseQuery', ListarNotasNfseQuery, { page: '1', data_inicio: '2026-11-01', data_fim: '2026-11-26', situacao: 'emitida' }],
  ['ListarEntregasQuery', ListarEntregasQuery, { per_page: '10', event_id: UUID_EXEMPLO }],
  ['StatusSefazQuery', StatusSefazQuery, { uf: 'sp' }],
  ['JustificativaQuery', JustificativaQuery, EXEMPLOS_CORPOS.InutilizarNotaDto],
  ['CancelamentoNfseQuery', CancelamentoNfseQuery, { motivo_cancelamento: 'Serviço não prestado' }],
  ['UuidNotaParam', UuidNotaParam, { uuid: UUID_EXEMPLO }],
  ['CartaCorrecaoParam', CartaCorrecaoParam, { uuid: UUID_EXEMPLO, sequencia: '3' }],
  ['WebhookIdParam', WebhookIdParam, { id: UUID_EXEMPLO }],
  ['EntregaParams', EntregaParams, { id: UUID_EXEMPLO, entrega_id: UUID_EXEMPLO }],
  ['IdNotaNfseParam', IdNotaNfseParam, { id: '42' }],
  ['CodigoMunicipioParam', CodigoMunicipioParam, { codigo_municipio: '3550308' }],
];

/** Values a client might send in the wrong place: types, sizes, formats, nesting. */
const VALORES_ESTRANHOS: unknown[] = [
  null,
  '',
  ' ',
  'x',
  'x'.repeat(61),
  '1,50',
  '10.001',
  '-1',
  '99',
  '00',
  0,
  -1,
  1.5,
  3,
  99,
  true,
  {},
  [],
  ['a'],
  [{}],
  [null],
  { a: 1 },
  '2026-11-26',
  '11222333000181',
];

type Mutacao = { no: number; tipo: 'remover' | 'trocar' | 'acrescentar' | 'duplicar'; valor: number };

/** Every object and array of the body and every property, in a fixed order, with a way to change it. */
function nos(raiz: unknown): { pai: Record<string, unknown> | unknown[]; chave: string | number }[] {
  const lista: { pai: Record<string, unknown> | unknown[]; chave: string | number }[] = [];
  const visitar = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (lista.push({ pai: v, chave: i }), visitar(x)));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        lista.push({ pai: v as Record<string, unknown>, chave: k });
        visitar(x);
      }
  };
  visitar(raiz);
  return lista;
}

function mutar(base: unknown, mutacoes: Mutacao[]): unknown {
  const corpo = structuredClone(base);
  for (const m of mutacoes) {
    const todos = nos(corpo);
    if (!todos.length) break;
    const { pai, chave } = todos[m.no % todos.length];
    const estranho = structuredClone(VALORES_ESTRANHOS[m.valor % VALORES_ESTRANHOS.length]);
    if (m.tipo === 'remover') {
      if (Array.isArray(pai)) pai.splice(chave as number, 1);
      else delete pai[chave as string];
    } else if (m.tipo === 'trocar') (pai as Record<string | number, unknown>)[chave] = estranho;
    else if (m.tipo === 'acrescentar') {
      if (Array.isArray(pai)) pai.push(estranho);
      else pai[`campo_${m.valor}`] = estranho;
    } else if (Array.isArray(pai)) pai.push(structuredClone(pai[chave as number]));
  }
  return corpo;
}

const mutacoes = fc.array(
  fc.record({
    no: fc.nat(),
    tipo: fc.constantFrom<Mutacao['tipo']>('remover', 'trocar', 'acrescentar', 'duplicar'),
    valor: fc.nat(),
  }),
  { minLength: 0, maxLength: 3 },
);

describe('semProblemasDeValidacao over the gateway DTOs: the same verdict as class-validator under the pipe options', () => {
  it.each(CASOS)('%s: its valid example is settled by the fast path', async (_nome, classe, exemplo) => {
    const instancia = plainToInstance(classe, exemplo);
    expect(await validate(instancia, OPCOES_PIPE)).toEqual([]);
    expect(semProblemasDeValidacao(instancia, { proibirDesconhecidas: true })).toBe(true);
  });

  it.each(CASOS)('%s: bodies changed at random get the verdict class-validator gives', async (_nome, classe, exemplo) => {
    let validos = 0;
    let invalidos = 0;
    await fc.assert(
      fc.asyncProperty(mutacoes, async (ms) => {
        const instancia = plainToInstance(classe, mutar(exemplo, ms)) as object;
        const classValidator = (await validate(instancia, OPCOES_PIPE)).length === 0;
        if (classValidator) validos++;
        else invalidos++;
        // Equal, not merely "true implies valid": the DTOs have no async rule, so nothing needs the slow path.
        expect(semProblemasDeValidacao(instancia, { proibirDesconhecidas: true })).toBe(classValidator);
      }),
      { numRuns: 300 },
    );
    // The runs reached both verdicts (a generator that only broke bodies would prove little).
    expect(validos).toBeGreaterThan(0);
    expect(invalidos).toBeGreaterThan(0);
  });
});
