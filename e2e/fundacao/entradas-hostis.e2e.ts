import {
  cabecalhosAdmin,
  type ContaTeste,
  certificadoDe,
  consumidorFinalBa,
  contribuinteRevendedorSp,
  contaComEmpresaApta,
  criarConta,
  dadosEmpresa,
  esperarNota,
  notaValida,
  requisitar,
  type Resposta,
} from '../support/api';
import { empresaNacional, notaNacional } from '../nfse/apoio-nacional';
import { cadastrarServico, empresaNfse, notaNfse, SERVICO } from '../nfse/apoio';
import { dormir } from '../support/tempo';

/**
 * Generated hostile input on every route that takes a body, a path parameter or a query: valid
 * bodies with one to three mutations each (a value swapped for one of another type or shape, a field
 * removed, an unknown one added, an array repeated or emptied), hostile path segments and query
 * values. Whatever the input, the answer is never a 5xx and every error has the contract's shape;
 * every note that was accepted (201) reaches a verdict: nothing half-written, nothing stuck.
 *
 * The generator is seeded, so a failure names the request and the mutations that produced it, and
 * repeats. To search wider: `E2E_SEMENTE_HOSTIL=<n>` another seed, `E2E_MUTANTES_POR_ROTA=<n>` more
 * mutants (40 by default, about 1,200 requests), `E2E_HOSTIL_DETALHES=1` the answers per route and the
 * verdicts, `=2` every request with its answer.
 */

const SEMENTE = Number(process.env.E2E_SEMENTE_HOSTIL ?? 20261129);
const MUTANTES_POR_ROTA = Number(process.env.E2E_MUTANTES_POR_ROTA ?? 40);

/** One of `xs`, picked with the seeded generator. */
const escolher = <T>(aleatorio: () => number, xs: readonly T[]): T => xs[Math.floor(aleatorio() * xs.length)];

/** mulberry32: a small seeded generator, enough to pick mutations reproducibly. */
function gerador(semente: number): () => number {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Values of every JSON type and of the shapes that break parsers, decimals, dates, XML and SQL. */
const VALORES_HOSTIS: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.01,
  2 ** 53 + 2,
  1e300,
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '-0.01',
  '1e3',
  '1E-7',
  '0x1A',
  '1,50',
  ' 10.00',
  '10.00 ',
  '+5',
  '.5',
  '5.',
  '00012.30',
  '0.0000000001',
  '99999999999999999999999.99',
  '١٢٣',
  'NaN',
  'Infinity',
  'null',
  'true',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-11-29T25:61:00Z',
  '<infNFe>',
  ']]>',
  '&amp;&#0;',
  "'; drop table notas; --",
  '../../etc/passwd',
  '%00%2e%2e',
  '\u200b\u200e\u202e',
  'ação ÇÃO ñ ü ß',
  '😀👨‍👩‍👧',
  'a\r\nb\tc',
  'x'.repeat(5000),
  '9'.repeat(60),
  [],
  [null],
  [1, 'a', {}],
  {},
  { a: { b: { c: { d: { e: [] } } } } },
  { __proto__x: 1, constructor: 'x', toString: 1 },
];

/**
 * A value close to a valid one, to get past the type checks into the rules behind them: a number off by
 * one or scaled, a decimal with more places or none, a text at and past the layout's usual lengths,
 * padded, cut, with accents or invisible characters.
 */
function vizinhoDe(valor: string | number, aleatorio: () => number): Json {
  if (typeof valor === 'number') return escolher(aleatorio, [valor + 1, valor - 1, valor * 10, valor + 0.5, 0, -valor, valor * 1000]);
  if (/^\d+(\.\d+)?$/.test(valor))
    return escolher(aleatorio, [
      `${valor}000001`,
      valor.replace(/\.\d+$/, ''),
      `${valor}.`.replace('..', '.'),
      '0',
      '0.00',
      `${valor}${valor}`,
      String(Number(valor) * 100),
      `-${valor}`,
      valor.padStart(16, '0'),
    ]);
  const ate = (n: number) => valor.padEnd(n, 'x').slice(0, n);
  return escolher(aleatorio, [
    ate(2),
    ate(15),
    ate(60),
    ate(61),
    ate(120),
    ate(121),
    ate(255),
    ate(256),
    `  ${valor}  `,
    valor.toUpperCase(),
    valor.slice(0, Math.ceil(valor.length / 2)),
    `${valor}çãé`,
    `${valor}\u00a0`,
    `${valor}\u200b`,
    valor.replace(/\d/g, (d) => String((Number(d) + 1) % 10)),
  ]);
}

/** Every place a value can be changed: the root and each key or index below it. */
function caminhos(valor: Json, prefixo: (string | number)[] = []): (string | number)[][] {
  const todos: (string | number)[][] = [prefixo];
  if (Array.isArray(valor)) valor.forEach((v, i) => todos.push(...caminhos(v, [...prefixo, i])));
  else if (valor && typeof valor === 'object') for (const [k, v] of Object.entries(valor)) todos.push(...caminhos(v, [...prefixo, k]));
  return todos;
}

function ler(raiz: Json, caminho: (string | number)[]): Json {
  let v: any = raiz;
  for (const p of caminho) v = v?.[p];
  return v as Json;
}

/** Applies one mutation at a random place of `corpo` (a deep copy), and says which. */
function mutar(corpo: Json, aleatorio: () => number): { corpo: Json; mutacao: string } {
  const lugar = escolher(aleatorio, caminhos(corpo));
  const nome = lugar.join('.') || '(raiz)';
  const alvo = ler(corpo, lugar);
  const hostil = structuredClone(escolher(aleatorio, VALORES_HOSTIS));
  const substituir = (novo: Json): Json => {
    if (!lugar.length) return novo;
    const pai = ler(corpo, lugar.slice(0, -1)) as any;
    pai[lugar[lugar.length - 1]] = novo;
    return corpo;
  };
  const operacao = aleatorio();
  if (Array.isArray(alvo) && alvo.length && operacao < 0.25) {
    const vezes = 2 + Math.floor(aleatorio() * 40);
    return {
      corpo: substituir(Array.from({ length: vezes }, () => structuredClone(alvo[0]))),
      mutacao: `${nome}: ${vezes} cópias do primeiro`,
    };
  }
  if (Array.isArray(alvo) && operacao < 0.35) return { corpo: substituir([]), mutacao: `${nome}: vazio` };
  if (alvo && typeof alvo === 'object' && !Array.isArray(alvo) && operacao < 0.5) {
    alvo[`campo_${Math.floor(aleatorio() * 1000)}`] = hostil;
    return { corpo, mutacao: `${nome}: campo desconhecido` };
  }
  if ((typeof alvo === 'string' || typeof alvo === 'number') && operacao < 0.6) {
    const vizinho = vizinhoDe(alvo, aleatorio);
    return { corpo: substituir(vizinho), mutacao: `${nome} = ${JSON.stringify(vizinho).slice(0, 60)} (vizinho)` };
  }
  if (lugar.length && operacao < 0.7) {
    const pai = ler(corpo, lugar.slice(0, -1)) as any;
    if (Array.isArray(pai)) pai.splice(Number(lugar[lugar.length - 1]), 1);
    else delete pai[lugar[lugar.length - 1]];
    return { corpo, mutacao: `${nome}: removido` };
  }
  return { corpo: substituir(hostil), mutacao: `${nome} = ${JSON.stringify(hostil)?.slice(0, 60)}` };
}

/** Path segments and query values that are not what the route expects. */
const SEGMENTOS_HOSTIS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  'abc',
  'null',
  '%25',
  '%00',
  '..',
  '%2e%2e%2f',
  ' ',
  'x'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'ção',
  '%F0%9F%98%80',
  "'or'1'='1",
];

interface Problema {
  pedido: string;
  mutacao: string;
  status: number;
  resposta: string;
}

/** The contract's error shapes (decisions §2): `{error}`, and `params` of field -> messages for invalid_params. */
function formaDoErro(r: Resposta): string | null {
  if (r.status < 400) return null;
  if (r.status >= 500) return 'status 5xx';
  const c = r.corpo;
  if (!c || typeof c !== 'object' || Array.isArray(c) || typeof c.error !== 'string' || !c.error) return 'corpo de erro sem {error}';
  if (c.error === 'invalid_params') {
    if (!c.params || typeof c.params !== 'object' || Array.isArray(c.params) || !Object.keys(c.params).length)
      return 'invalid_params sem params';
    for (const [campo, mensagens] of Object.entries(c.params))
      if (!Array.isArray(mensagens) || !mensagens.length || mensagens.some((m) => typeof m !== 'string' || !m))
        return `params.${campo} não é uma lista de mensagens`;
  }
  return null;
}

describe('entradas hostis geradas: nunca 5xx, erros no formato do contrato, nenhuma nota presa', () => {
  const aleatorio = gerador(SEMENTE);
  const problemas: Problema[] = [];
  /** Accepted NF-e and the company that issued each. */
  const notasNfe: { uuid: string; de: { conta: ContaTeste; cnpj: string } }[] = [];
  /** Accepted NFS-e and the company that issued each. */
  const notasNfse: { id: string; de: { conta: ContaTeste; cnpj: string } }[] = [];
  let nfe: { conta: ContaTeste; cnpj: string };
  let nfse: { conta: ContaTeste; cnpj: string };
  let uuidAutorizavel: string;
  let uuidRejeitada: string;
  let uuidRejeitadaInutilizavel: string;
  let webhookId: string;

  async function enviar(metodo: string, caminho: string, mutacao: string, o: Parameters<typeof requisitar>[2] = {}): Promise<Resposta> {
    const r = await requisitar(metodo, caminho, o);
    const forma = formaDoErro(r);
    if (forma)
      problemas.push({
        pedido: `${metodo} ${caminho}`,
        mutacao: `${mutacao} (${forma})`,
        status: r.status,
        resposta: r.texto.slice(0, 300),
      });
    return r;
  }

  /** `MUTANTES_POR_ROTA` mutants of `base`, each sent to the route. */
  async function corposMutantes(
    metodo: string,
    caminho: string,
    base: () => Json,
    o: {
      credencial?: ContaTeste;
      cnpj?: string;
      cabecalhos?: Record<string, string>;
      aoCriar?: (r: Resposta) => void;
      /** false where the valid body would use up the state the mutants need (a rejected note reissued once). */
      conferirBase?: boolean;
    } = {},
  ): Promise<{ porStatus: Map<number, number>; alemDoCorpo: number }> {
    const porStatus = new Map<number, number>();
    let alemDoCorpo = 0;
    // The unmutated body is accepted: each mutant is then one to three steps away from a valid request.
    if (o.conferirBase !== false) {
      const original = await enviar(metodo, caminho, 'nenhuma', {
        credencial: o.credencial?.producao,
        cnpj: o.cnpj,
        cabecalhos: o.cabecalhos,
        corpo: base(),
      });
      if (original.status >= 300)
        throw new Error(`o corpo de base de ${metodo} ${caminho} foi recusado: ${original.status} ${original.texto}`);
      if (original.status === 201) o.aoCriar?.(original);
    }
    for (let i = 0; i < MUTANTES_POR_ROTA; i++) {
      let corpo = structuredClone(base()); // the builders share constants (the NBS, the approximate taxes)
      const mutacoes: string[] = [];
      const quantas = 1 + Math.floor(aleatorio() * 3);
      for (let m = 0; m < quantas; m++) {
        const r = mutar(corpo, aleatorio);
        corpo = r.corpo;
        mutacoes.push(r.mutacao);
      }
      const r = await enviar(metodo, caminho, mutacoes.join('; '), {
        credencial: o.credencial?.producao,
        cnpj: o.cnpj,
        cabecalhos: o.cabecalhos,
        corpo,
      });
      porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
      if (r.status === 201) o.aoCriar?.(r);
      if (r.status < 300 || r.corpo?.error !== 'invalid_params') alemDoCorpo++;
      if (process.env.E2E_HOSTIL_DETALHES === '2') console.log(metodo, mutacoes.join('; ').slice(0, 150), r.status, r.texto.slice(0, 200));
    }
    if (process.env.E2E_HOSTIL_DETALHES) console.log(metodo, caminho, JSON.stringify([...porStatus]));
    return { porStatus, alemDoCorpo };
  }

  const relatorio = () =>
    problemas
      .slice(0, 15)
      .map((p) => `${p.pedido} [${p.mutacao}] -> ${p.status} ${p.resposta}`)
      .join('\n');

  beforeEach(() => problemas.splice(0));

  beforeAll(async () => {
    nfe = await contaComEmpresaApta();
    nfse = await empresaNacional();
    const r = await requisitar('POST', '/nfe/v1/notas', { credencial: nfe.conta.producao, cnpj: nfe.cnpj, corpo: notaValida() });
    if (r.status !== 201) throw new Error(`nota: ${r.status} ${r.texto}`);
    uuidAutorizavel = r.corpo.uuid;
    notasNfe.push({ uuid: uuidAutorizavel, de: nfe });
    // NCM 00000000: the simulator rejects it (778), and a rejected note can be reissued or its number voided.
    const itemRejeitado = { ...(notaValida().itens as object[])[0], ncm: '00000000' };
    const rejeitar = async () => {
      const rej = await requisitar('POST', '/nfe/v1/notas', {
        credencial: nfe.conta.producao,
        cnpj: nfe.cnpj,
        corpo: notaValida({ itens: [itemRejeitado] }),
      });
      if (rej.status !== 201) throw new Error(`nota a rejeitar: ${rej.status} ${rej.texto}`);
      notasNfe.push({ uuid: rej.corpo.uuid, de: nfe });
      await esperarNota(nfe.conta, nfe.cnpj, rej.corpo.uuid, (n) => n.situacao === 'rejeitada', 30_000);
      return rej.corpo.uuid as string;
    };
    // One to reissue, one to void: a reissued note can no longer be voided.
    uuidRejeitada = await rejeitar();
    uuidRejeitadaInutilizavel = await rejeitar();
    await esperarNota(nfe.conta, nfe.cnpj, uuidAutorizavel, (n) => n.situacao === 'autorizada', 30_000);
    const w = await requisitar('POST', '/conta/v1/webhooks', {
      credencial: nfe.conta.producao,
      cnpj: nfe.cnpj,
      corpo: { url: 'http://127.0.0.1:9/ganchos', eventos: ['nfe_autorizada'] },
    });
    if (w.status !== 201) throw new Error(`webhook: ${w.status} ${w.texto}`);
    webhookId = w.corpo.id;
    await requisitar('POST', '/nfe/v1/mercadorias', {
      credencial: nfe.conta.producao,
      cnpj: nfe.cnpj,
      corpo: {
        codigo: 'BASE-1',
        nome: 'Camiseta P',
        ncm: '61091000',
        unidade_comercial: 'UN',
        valor: '49.90',
        cfop_interno: '5102',
        cst_icms: '00',
        aliquota_icms: '0.18',
      },
    });
  }, 60_000);

  it('corpos da conta, da empresa, das mercadorias, dos webhooks e do catálogo municipal', async () => {
    const conta = await criarConta();
    const cnpjDaConta = (await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpo: dadosEmpresa() })).corpo.cnpj;
    await corposMutantes('POST', '/admin/v1/contas', () => ({ nome: 'Conta hostil' }), { cabecalhos: cabecalhosAdmin() });
    await corposMutantes('POST', '/conta/v1/empresas', () => dadosEmpresa() as Json, { credencial: conta });
    await corposMutantes(
      'PATCH',
      `/conta/v1/empresas/${cnpjDaConta}`,
      () => ({
        razao_social: 'Outra Razão LTDA',
        apuracao_pis_cofins: 'nao_cumulativa',
        endereco: dadosEmpresa().endereco,
        codigo_municipio: '3550308',
      }),
      { credencial: conta },
    );
    await corposMutantes('PATCH', '/nfe/v1/empresa', () => ({ nfe_serie_padrao: 2, nfe_ambiente: 'homologacao' }), {
      credencial: conta,
      cnpj: cnpjDaConta,
    });
    await corposMutantes(
      'PUT',
      '/nfe/v1/empresa/certificado',
      () => ({ pfx: certificadoDe(cnpjDaConta).pfx.toString('base64'), senha: 'senha-teste' }),
      { credencial: conta, cnpj: cnpjDaConta },
    );
    const mercadoria = () => ({
      codigo: `M-${Math.floor(aleatorio() * 1e6)}`,
      nome: 'Caneca',
      ncm: '69120000',
      unidade_comercial: 'UN',
      valor: '25.00',
      cfop_interno: '5102',
      cfop_interestadual: '6102',
      cst_icms: '00',
      aliquota_icms: '0.18',
      cst_pis: '01',
      cst_cofins: '01',
      origem: 0,
    });
    await corposMutantes('POST', '/nfe/v1/mercadorias', mercadoria, { credencial: nfe.conta, cnpj: nfe.cnpj });
    await requisitar('POST', '/nfe/v1/mercadorias', {
      credencial: nfe.conta.producao,
      cnpj: nfe.cnpj,
      corpo: { ...mercadoria(), codigo: 'MUTAVEL' },
    });
    await corposMutantes('PUT', '/nfe/v1/mercadorias/MUTAVEL', () => ({ ...mercadoria(), codigo: 'MUTAVEL' }), {
      credencial: nfe.conta,
      cnpj: nfe.cnpj,
    });
    await corposMutantes(
      'POST',
      '/conta/v1/webhooks',
      () => ({ url: 'https://integrador.example.com/ganchos', eventos: ['nfe_autorizada', 'nfe_cancelamento_autorizado'] }),
      {
        credencial: nfe.conta,
        cnpj: nfe.cnpj,
      },
    );
    await corposMutantes('POST', '/admin/v1/municipios/3550308/servicos', () => ({ ...SERVICO }), { cabecalhos: cabecalhosAdmin() });
    expect(relatorio()).toBe('');
  }, 300_000);

  it('corpos de NF-e (emissão, reemissão, inutilização, carta de correção) e de NFS-e', async () => {
    const itens: Json = [
      { codigo_produto: 'BASE-1', quantidade: '2' },
      {
        quantidade: '1.5',
        codigo: 'P2',
        descricao: 'Caneca',
        ncm: '69120000',
        cfop: '5102',
        unidade_comercial: 'UN',
        valor_unitario: '10.00',
        valor_desconto: '1.00',
        origem: 0,
        cst_icms: '20',
        aliquota_icms: '0.18',
        reducao_base_calculo_icms: '0.1',
        cst_pis: '01',
        cst_cofins: '01',
        cst_ipi: '50',
        aliquota_ipi: '0.05',
      },
    ];
    const campos = {
      serie: 1,
      tipo_operacao: 1,
      finalidade: 1,
      indicador_consumidor_final: true,
      indicador_presenca: 2,
      informacoes_complementares: 'Pedido 123',
      intermediador: { cnpj: '12345678000195', identificador_cadastro: 'loja-1' },
    };
    // The same note without payments, issued once, gives the total the card payment must match.
    const semPagamento = await requisitar('POST', '/nfe/v1/notas', {
      credencial: nfe.conta.producao,
      cnpj: nfe.cnpj,
      corpo: { ...notaValida(campos), itens },
    });
    if (semPagamento.status !== 201) throw new Error(`nota sem pagamento: ${semPagamento.status} ${semPagamento.texto}`);
    notasNfe.push({ uuid: semPagamento.corpo.uuid, de: nfe });
    const cartao = { tipo_integracao: 2, cnpj_credenciadora: '12345678000195', bandeira: '01', codigo_autorizacao: 'A1B2' };
    const pagamentos = [{ forma_pagamento: '03', valor: semPagamento.corpo.totais.valor_total, indicador_pagamento: 0, cartao }];
    const notaRica = (): Json => structuredClone({ ...(notaValida({ ...campos, pagamentos }) as Record<string, Json>), itens });
    const criouNfe = (de: { conta: ContaTeste; cnpj: string }) => (r: Resposta) => notasNfe.push({ uuid: r.corpo.uuid, de });
    const emissao = await corposMutantes('POST', '/nfe/v1/notas', notaRica, {
      credencial: nfe.conta,
      cnpj: nfe.cnpj,
      aoCriar: criouNfe(nfe),
    });
    await corposMutantes('POST', `/nfe/v1/notas/${uuidRejeitada}/reemitir`, notaRica, {
      credencial: nfe.conta,
      cnpj: nfe.cnpj,
      conferirBase: false,
      aoCriar: criouNfe(nfe),
    });
    // Interstate to a final consumer in BA (DIFAL); ST to a taxpayer who resells with IBS/CBS at a reduced
    // rate; a Simples Nacional issuer with CSOSN and ST: the rules each of them brings, mutated.
    const item = (extra: Record<string, Json>): Json => ({ ...(notaValida().itens as Record<string, Json>[])[0], ...extra });
    const difal = (): Json =>
      notaValida({
        indicador_consumidor_final: true,
        destinatario: consumidorFinalBa(),
        itens: [item({ cfop: '6102', quantidade: '2', valor_unitario: '50.00', aliquota_icms: '0.07' })],
      }) as Json;
    const contribuinteSp = contribuinteRevendedorSp('11222333000181');
    const stComIbsCbs = (): Json =>
      notaValida({
        destinatario: contribuinteSp,
        itens: [
          item({
            cst_icms: '10',
            cfop: '5403',
            quantidade: '1',
            valor_unitario: '100.00',
            mva_icms_st: '0.40',
            aliquota_icms_st: '0.18',
            cest: '0300100',
          }),
          item({ codigo: 'P2', quantidade: '7', valor_unitario: '19.90', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200032' }),
        ],
      }) as Json;
    for (const base of [difal, stComIbsCbs])
      await corposMutantes('POST', '/nfe/v1/notas', base, { credencial: nfe.conta, cnpj: nfe.cnpj, aoCriar: criouNfe(nfe) });
    const simples = await contaComEmpresaApta({ regime_tributario: 1 });
    const notaSimples = (): Json =>
      notaValida({
        destinatario: contribuinteSp,
        itens: [
          item({
            cst_icms: null,
            csosn: '201',
            cfop: '5403',
            aliquota_icms: '0.0125',
            mva_icms_st: '0.40',
            aliquota_icms_st: '0.18',
            cest: '0300100',
          }),
          item({ codigo: 'S102', cst_icms: null, csosn: '102', aliquota_icms: null }),
        ],
      }) as Json;
    await corposMutantes('POST', '/nfe/v1/notas', notaSimples, {
      credencial: simples.conta,
      cnpj: simples.cnpj,
      aoCriar: criouNfe(simples),
    });
    await corposMutantes(
      'POST',
      '/nfe/v1/inutilizacoes',
      () => {
        const inicial = 100 + 20 * Math.floor(aleatorio() * 40_000);
        return { serie: 7, numero_inicial: inicial, numero_final: inicial + 9, justificativa: 'Numeração pulada por falha do sistema' };
      },
      { credencial: nfe.conta, cnpj: nfe.cnpj },
    );
    await corposMutantes(
      'POST',
      `/nfe/v1/notas/${uuidAutorizavel}/carta-correcao`,
      () => ({ correcao: 'Corrige o endereço de entrega: Rua B, 20' }),
      {
        credencial: nfe.conta,
        cnpj: nfe.cnpj,
      },
    );
    await corposMutantes(
      'POST',
      `/nfe/v1/notas/${uuidRejeitadaInutilizavel}/inutilizar`,
      () => ({ justificativa: 'Nota emitida por engano no sistema' }),
      {
        credencial: nfe.conta,
        cnpj: nfe.cnpj,
        conferirBase: false,
      },
    );
    // The national NFS-e (Sefin Nacional) and a municipality's own web service (São Paulo).
    await cadastrarServico();
    await corposMutantes('POST', '/nfse/v1/notas', () => notaNacional() as Json, {
      credencial: nfse.conta,
      cnpj: nfse.cnpj,
      aoCriar: (r) => notasNfse.push({ id: r.corpo.id, de: nfse }),
    });
    const municipal = await empresaNfse();
    await corposMutantes('POST', '/nfse/v1/notas', () => notaNfse() as Json, {
      credencial: municipal.conta,
      cnpj: municipal.cnpj,
      aoCriar: (r) => notasNfse.push({ id: r.corpo.id, de: municipal }),
    });
    expect(relatorio()).toBe('');
    // Some mutants get past the body's checks to the fiscal rules or to issuing: the test reaches the domain.
    expect(emissao.alemDoCorpo).toBeGreaterThan(0);
  }, 600_000);

  it('segmentos de caminho, consultas e cabeçalhos hostis em todas as rotas que os leem', async () => {
    const { conta, cnpj } = nfe;
    const rotas: [string, (s: string) => string][] = [
      ['GET', (s) => `/nfe/v1/notas/${s}`],
      ['GET', (s) => `/nfe/v1/notas/${s}/xml`],
      ['GET', (s) => `/nfe/v1/notas/${s}/danfe`],
      ['GET', (s) => `/nfe/v1/notas/${s}/cartas-correcao`],
      ['GET', (s) => `/nfe/v1/notas/${uuidAutorizavel}/cartas-correcao/${s}/xml`],
      ['DELETE', (s) => `/nfe/v1/notas/${s}/cancel?justificativa=${encodeURIComponent('Cancelamento por erro de digitação')}`],
      ['GET', (s) => `/nfe/v1/inutilizacoes/${s}/1/${s}/xml`],
      ['GET', (s) => `/nfe/v1/mercadorias/${s}`],
      ['DELETE', (s) => `/nfe/v1/mercadorias/${s}x`],
      ['GET', (s) => `/nfse/v1/notas/${s}`],
      ['GET', (s) => `/nfse/v1/notas/${s}/erros`],
      ['GET', (s) => `/nfse/v1/notas/${s}/xml`],
      ['DELETE', (s) => `/nfse/v1/notas/${s}/cancel?motivo_cancelamento=1`],
      ['DELETE', (s) => `/conta/v1/webhooks/${s}`],
      ['GET', (s) => `/conta/v1/webhooks/${s}/entregas`],
      ['POST', (s) => `/conta/v1/webhooks/${webhookId}/entregas/${s}/reenviar`],
      ['PATCH', (s) => `/conta/v1/empresas/${s}`],
      ['GET', (s) => `/nfe/v1/notas?page=${s}`],
      ['GET', (s) => `/nfe/v1/notas?per_page=${s}&situacao=${s}`],
      ['GET', (s) => `/nfe/v1/notas?codigo_externo=${s}`],
      ['GET', (s) => `/nfse/v1/notas?data_inicio=${s}&data_fim=${s}`],
      ['GET', (s) => `/nfse/v1/notas?situacao=${s}&page=${s}`],
      ['GET', (s) => `/conta/v1/webhooks/${webhookId}/entregas?event_id=${s}&situacao=${s}&per_page=${s}`],
      ['GET', (s) => `/nfe/v1/sefaz/status?uf=${s}`],
    ];
    for (const [metodo, rota] of rotas)
      for (const segmento of SEGMENTOS_HOSTIS) {
        const caminho = rota(segmento);
        await enviar(metodo, caminho, `segmento ${JSON.stringify(segmento.slice(0, 40))}`, {
          credencial: conta.producao,
          cnpj: caminho.startsWith('/nfse') ? nfse.cnpj : cnpj,
          corpo: metodo === 'PATCH' ? { razao_social: 'Outra' } : undefined,
        });
      }
    for (let i = 0; i < MUTANTES_POR_ROTA; i++) {
      const cnpjHostil = escolher(aleatorio, [
        '',
        '0',
        '00000000000000',
        '11.222.333/0001-81',
        'ABCDEFGHIJKL00',
        'x'.repeat(200),
        "1' or '1",
      ]);
      const chave = escolher(aleatorio, ['', ' ', 'k'.repeat(300), 'a b', '%00', 'ção'.normalize('NFD').replace(/[^\x20-\x7e]/g, '?')]);
      await enviar('GET', '/nfe/v1/empresa', `X-Empresa-CNPJ ${JSON.stringify(cnpjHostil.slice(0, 40))}`, {
        credencial: conta.producao,
        cabecalhos: { 'x-empresa-cnpj': cnpjHostil },
      });
      await enviar('POST', '/nfe/v1/inutilizacoes', `Idempotency-Key ${JSON.stringify(chave.slice(0, 40))}`, {
        credencial: conta.producao,
        cnpj,
        cabecalhos: { 'idempotency-key': chave },
        corpo: { serie: 9, numero_inicial: 1, numero_final: 1, justificativa: 'x' },
      });
    }
    expect(relatorio()).toBe('');
  }, 300_000);

  it('toda nota aceita chega a um veredito, e a autoridade aceita as que a API aceitou', async () => {
    // Where each accepted note stands: pending (no verdict yet), or its verdict.
    const situacoes = async (): Promise<{ pendentes: string[]; recusadas: string[] }> => {
      const pendentes: string[] = [];
      const recusadas: string[] = [];
      for (const { uuid, de } of notasNfe) {
        const r = await requisitar('GET', `/nfe/v1/notas/${uuid}`, { credencial: de.conta.producao, cnpj: de.cnpj });
        const descricao = `NF-e ${uuid}: ${r.status} ${r.corpo?.situacao} ${JSON.stringify(r.corpo?.status_sefaz)}`;
        if (r.status !== 200 || ['pendente', 'em_processamento'].includes(r.corpo.situacao)) pendentes.push(descricao);
        else if (r.corpo.situacao !== 'autorizada' && ![uuidRejeitada, uuidRejeitadaInutilizavel].includes(uuid)) recusadas.push(descricao);
      }
      for (const { id, de } of notasNfse) {
        const r = await requisitar('GET', `/nfse/v1/notas/${id}`, { credencial: de.conta.producao, cnpj: de.cnpj });
        const descricao = `NFS-e ${id}: ${r.status} ${r.corpo?.rps?.situacao}/${r.corpo?.nfse?.situacao}`;
        if (r.status !== 200 || (r.corpo.nfse?.situacao === 'pendente' && r.corpo.rps?.situacao !== 'processado_com_erro'))
          pendentes.push(descricao);
        else if (r.corpo.nfse?.situacao !== 'emitida') {
          const erros = await requisitar('GET', `/nfse/v1/notas/${id}/erros`, { credencial: de.conta.producao, cnpj: de.cnpj });
          recusadas.push(`${descricao} ${erros.texto.slice(0, 300)}`);
        }
      }
      return { pendentes, recusadas };
    };
    let agora = await situacoes();
    for (let espera = 0; agora.pendentes.length && espera < 60; espera++) {
      await dormir(1000);
      agora = await situacoes();
    }
    expect(agora.pendentes).toEqual([]);
    // What the API accepted, the authority (the simulators, as strict as SEFAZ and the Sefin) accepts too:
    // a refusal there would be a rule the API should have answered with a 422 up front.
    expect(agora.recusadas).toEqual([]);
    expect(notasNfe.length + notasNfse.length).toBeGreaterThan(4);
  }, 120_000);
});
