/** fast-check generators of valid notes (request shape) and the companies that issue them. */
import fc from 'fast-check';
import { arredondarValor, dec, Decimal } from '../../dinheiro';
import type { Uf } from '../../datas';
import { calcularDigitosCnpj, calcularDigitosCpf } from '../../identificadores';
import {
  CODIGOS_ICMS_COM_ST,
  CODIGOS_ICMS_EXIGEM_CEST,
  CSOSN_PARA_NAO_CONTRIBUINTE,
  CSOSN_SUPORTADOS,
  type ItemNotaEntrada,
} from '../../itens';
import { aliquotaInterestadual } from '../../tabelas';
import type { PagamentoEntrada } from '../../pagamentos';
import type { EmpresaEmitente, NotaEntrada, RegimeTributario } from '../tipos';
import { empresaExemplo } from './exemplos';

const CODIGOS_ST: readonly string[] = CODIGOS_ICMS_COM_ST;

const LOCAIS = [
  { uf: 'SP', municipio: 'São Paulo', codigo: '3550308', ie: '110042490114' },
  { uf: 'CE', municipio: 'Fortaleza', codigo: '2304400', ie: '060000015' },
  { uf: 'RJ', municipio: 'Rio de Janeiro', codigo: '3304557', ie: '99999993' },
  { uf: 'AM', municipio: 'Manaus', codigo: '1302603', ie: '999999990' },
] as const;

/** Free text with what XML and SEFAZ make awkward: markup characters, quotes, accents, blanks, emoji. */
export const textoLivre = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'abcXYZ019 &<>"\'çãéÜ-/'.split(''), '  ', '“', '😀', '\t'), { minLength: min + 4, maxLength: max })
    .map((cs) => cs.join(''))
    .map((s) => `P${s}`.slice(0, max).replace(/\s+$/, '') + 'z');

const digitos = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
export const cnpjValido = digitos(12)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + calcularDigitosCnpj(b));
export const cpfValido = digitos(9)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + calcularDigitosCpf(b));

/** Decimal string with up to `casas` places and a value in [0, max]. */
const decimal = (maxInteiro: number, casas: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInteiro }), fc.integer({ min: 0, max: casas }), fc.integer({ min: 0, max: 10 ** casas - 1 }))
    .map(([i, c, f]) => (c === 0 ? String(i) : `${i}.${String(f).padStart(casas, '0').slice(0, c)}`));

export const empresaArb: fc.Arbitrary<EmpresaEmitente> = fc
  .record({
    regime: fc.constantFrom<RegimeTributario>(1, 3, 4),
    local: fc.constantFrom(...LOCAIS),
    apuracao: fc.constantFrom('cumulativa', 'nao_cumulativa') as fc.Arbitrary<'cumulativa' | 'nao_cumulativa'>,
  })
  .map(({ regime, local, apuracao }) =>
    empresaExemplo({
      regime_tributario: regime,
      apuracao_pis_cofins: apuracao,
      endereco: { ...empresaExemplo().endereco, uf: local.uf, municipio: local.municipio, codigo_municipio: local.codigo },
    }),
  );

/**
 * `difal`: the route when the DIFAL is due (interstate, non-taxpayer final consumer). Then the item
 * has no ICMS-ST and its own ICMS is at the interstate rate, as validarItem requires. `saida`: the route of
 * any other interstate saída, whose own rate is capped by the interstate one (SEFAZ 663/693).
 */
function itemArb(
  regime: RegimeTributario,
  interestadual: boolean,
  difal?: { ufOrigem: Uf; ufDestino: Uf },
  saida?: { ufOrigem: Uf; ufDestino: Uf },
  naoContribuinte = false,
): fc.Arbitrary<ItemNotaEntrada> {
  const simples = regime !== 3;
  // To a non-taxpayer a Simples issuer uses only the CSOSN SEFAZ 600 allows.
  const csosns = [...CSOSN_SUPORTADOS].filter((c) => !naoContribuinte || (CSOSN_PARA_NAO_CONTRIBUINTE as readonly string[]).includes(c));
  const semSt = <T extends string>(codigos: T[]) => (difal ? codigos.filter((c) => !CODIGOS_ST.includes(c)) : codigos);
  return fc
    .record({
      quantidade: decimal(999, 4),
      valor_unitario: decimal(99_999, 10),
      percentualDesconto: fc.integer({ min: 0, max: 100 }),
      descricao: textoLivre(1, 120),
      codigo: fc.option(textoLivre(1, 20), { nil: undefined }),
      cst_icms: fc.constantFrom(...semSt(['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'])),
      csosn: fc.constantFrom(...semSt(csosns)),
      reducao: fc.constantFrom('0.1', '0.3333', '0.5', '0.6111'),
      mva: fc.constantFrom('0', '0.3', '0.4', '0.7158', '1.2'),
      aliquotaSt: fc.constantFrom('0.17', '0.18', '0.205', '0.22'),
      reducaoSt: fc.option(fc.constantFrom('0.1', '0.2941'), { nil: undefined }),
      ibsCbs: fc.option(
        fc.constantFrom(
          ['000', '000001'],
          ['000', '000003'],
          ['410', '410999'],
          ['410', '410001'],
          ['200', '200034'],
          ['200', '200003'],
          ['200', '200047'],
        ),
        { nil: undefined },
      ),
      difal: fc.option(fc.tuple(fc.constantFrom('0.17', '0.2', '0.225'), fc.constantFrom('0', '0.01', '0.02')), { nil: undefined }),
      aliquota_icms: fc.constantFrom('0.04', '0.07', '0.12', '0.17', '0.18', '0.205', '0.0125'),
      ipi: fc.option(fc.constantFrom(['50', '0.10'], ['99', undefined], ['53', undefined], ['00', '0.0325']), { nil: undefined }),
      pis: fc.option(fc.constantFrom('01', '04', '06', '49', '50', '99'), { nil: undefined }),
      origem: fc.integer({ min: 0, max: 8 }),
      cest: fc.option(digitos(7), { nil: undefined }),
    })
    .map((r) => {
      const item: ItemNotaEntrada = {
        quantidade: r.quantidade,
        valor_unitario: r.valor_unitario,
        descricao: r.descricao,
        ncm: '61091000',
        cfop: interestadual ? '6102' : '5102',
        unidade_comercial: 'UN',
        origem: r.origem,
      };
      if (r.codigo) item.codigo = r.codigo;
      const codigo = simples ? r.csosn : r.cst_icms;
      // ICMS-ST needs its CEST (SEFAZ 806); the others may carry one.
      if (r.cest || (CODIGOS_ICMS_EXIGEM_CEST as readonly string[]).includes(codigo)) item.cest = r.cest ?? '0300100';
      // With DIFAL the origin's own ICMS is at the interstate rate (101/201 carry the Simples credit rate instead).
      const teto = saida ? aliquotaInterestadual(r.origem, saida.ufOrigem, saida.ufDestino) : undefined;
      const aliquotaPropria = difal
        ? aliquotaInterestadual(r.origem, difal.ufOrigem, difal.ufDestino)
        : teto && dec(r.aliquota_icms).gt(teto)
          ? teto
          : r.aliquota_icms;
      if (simples) {
        item.csosn = r.csosn;
        if (['101', '201'].includes(r.csosn)) item.aliquota_icms = r.aliquota_icms;
        if (r.csosn === '900') item.aliquota_icms = aliquotaPropria;
      } else {
        item.cst_icms = r.cst_icms;
        if (['00', '10', '20', '70', '90'].includes(r.cst_icms)) item.aliquota_icms = aliquotaPropria;
        if (['20', '70'].includes(r.cst_icms)) item.reducao_base_calculo_icms = r.reducao;
      }
      if (['10', '30', '70', '201', '202', '203'].includes(codigo)) {
        item.mva_icms_st = r.mva;
        item.aliquota_icms_st = r.aliquotaSt;
        if (r.reducaoSt) item.reducao_base_calculo_icms_st = r.reducaoSt;
      }
      if (r.ibsCbs) {
        item.cst_ibs_cbs = r.ibsCbs[0];
        item.classificacao_tributaria_ibs_cbs = r.ibsCbs[1];
      }
      if (r.difal && interestadual) {
        item.aliquota_icms_uf_destino = r.difal[0];
        item.aliquota_fcp_uf_destino = r.difal[1];
      }
      if (r.ipi) {
        item.cst_ipi = r.ipi[0];
        if (r.ipi[1]) item.aliquota_ipi = r.ipi[1];
      }
      if (r.pis) {
        item.cst_pis = r.pis;
        item.cst_cofins = r.pis;
      }
      // Discount as a share of the item's value, in whole centavos, never above it.
      const vProd = arredondarValor(dec(r.quantidade).times(dec(r.valor_unitario)));
      const desconto = vProd.times(r.percentualDesconto).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      if (desconto.gt(0)) item.valor_desconto = desconto.toFixed(2);
      return item;
    });
}

export const quantidadeItensArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 30 }) },
  { weight: 2, arbitrary: fc.integer({ min: 31, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 301, max: 990 }) },
);

/** A company and a note it can issue (payments are filled in later, once the total is known). */
export const cenarioArb = cenarioComItens(quantidadeItensArb);
/** The same with 1..20 items: for properties run hundreds of times. */
export const cenarioPequenoArb = cenarioComItens(fc.integer({ min: 1, max: 20 }));

function cenarioComItens(quantidade: fc.Arbitrary<number>) {
  return empresaArb.chain((empresa) =>
    fc
      .record({
        local: fc.constantFrom(...LOCAIS),
        contribuinte: fc.boolean(),
        cnpj: cnpjValido,
        cpf: cpfValido,
        razao: textoLivre(2, 60),
        presenca: fc.constantFrom(1, 2, 3, 9),
        intermediador: fc.option(fc.record({ cnpj: cnpjValido, identificador_cadastro: textoLivre(2, 60) }), { nil: undefined }),
        n: quantidade,
        informacoes: fc.option(textoLivre(1, 300), { nil: undefined }),
      })
      .chain((r) => {
        const interestadual = r.local.uf !== empresa.endereco.uf;
        const rota = interestadual ? { ufOrigem: empresa.endereco.uf, ufDestino: r.local.uf } : undefined;
        const difal = !r.contribuinte ? rota : undefined;
        const saida = r.contribuinte ? rota : undefined;
        return fc
          .array(itemArb(empresa.regime_tributario, interestadual, difal, saida, !r.contribuinte), { minLength: r.n, maxLength: r.n })
          .map((itens) => {
            const nota: NotaEntrada = {
              codigo_externo: 'prop',
              natureza_operacao: 'Venda de mercadoria',
              indicador_presenca: r.presenca,
              destinatario: {
                razao_social: r.razao,
                cpf_cnpj: r.contribuinte ? r.cnpj : r.cpf,
                indicador_ie: r.contribuinte ? 1 : 9,
                inscricao_estadual: r.contribuinte ? r.local.ie : undefined,
                codigo_municipio: r.local.codigo,
                endereco: {
                  cep: '01310100',
                  logradouro: 'Rua das Flores',
                  numero: 'S/N',
                  bairro: 'Centro',
                  municipio: r.local.municipio,
                  uf: r.local.uf,
                },
              },
              itens,
            };
            if (r.intermediador) nota.intermediador = r.intermediador;
            if (r.informacoes) nota.informacoes_complementares = r.informacoes;
            return { empresa, nota };
          });
      }),
  );
}

/** How to pay a note whose total is known only after the items are computed. */
export interface PlanoPagamento {
  partes: { forma: '01' | '03' | '04' | '15' | '17' | '99'; peso: number }[];
  trocoCentavos: number;
}

export const planoPagamentoArb: fc.Arbitrary<PlanoPagamento> = fc.record({
  partes: fc.array(
    fc.record({
      forma: fc.constantFrom('01', '03', '04', '15', '17', '99') as fc.Arbitrary<PlanoPagamento['partes'][number]['forma']>,
      peso: fc.integer({ min: 1, max: 100 }),
    }),
    { minLength: 0, maxLength: 4 },
  ),
  trocoCentavos: fc.integer({ min: 0, max: 5000 }),
});

const CARTAO = {
  tipo_integracao: 1,
  cnpj_credenciadora: '11222333000181',
  bandeira: '01',
  codigo_autorizacao: 'AUT-0001',
  id_terminal: 'POS-01',
};

/** Splits `total` by the plan's weights (to the centavo, remainder on the last part); change goes on a cash part. */
export function pagamentosDoPlano(plano: PlanoPagamento, total: string): { pagamentos?: PagamentoEntrada[]; troco?: string } {
  if (plano.partes.length === 0) return {};
  const centavos = dec(total).times(100);
  const somaPesos = plano.partes.reduce((s, p) => s + p.peso, 0);
  let restante = centavos;
  const temDinheiro = plano.partes.some((p) => p.forma === '01');
  const troco = temDinheiro ? dec(plano.trocoCentavos) : dec(0);
  const pagamentos = plano.partes.map((p, i) => {
    const parte = i === plano.partes.length - 1 ? restante : centavos.times(p.peso).div(somaPesos).floor();
    restante = restante.minus(parte);
    let valor = parte;
    if (p.forma === '01' && plano.partes.findIndex((q) => q.forma === '01') === i) valor = valor.plus(troco);
    const pag: PagamentoEntrada = { forma_pagamento: p.forma, valor: valor.div(100).toFixed(2) };
    if (p.forma === '03' || p.forma === '04' || p.forma === '17') pag.cartao = { ...CARTAO };
    if (p.forma === '99') pag.descricao = 'Vale da casa';
    return pag;
  });
  return troco.gt(0) ? { pagamentos, troco: troco.div(100).toFixed(2) } : { pagamentos };
}
