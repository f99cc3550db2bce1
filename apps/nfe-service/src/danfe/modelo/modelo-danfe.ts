/**
 * View model of the DANFE: every value the template prints, already decided and formatted here,
 * so the template only places them. Pagination (which items and text lines go on which sheet) is
 * added by paginacao.ts once the browser has measured them.
 */
import { BANDEIRAS, formatarDataHoraSefaz, FORMAS_PAGAMENTO, XNOME_HOMOLOGACAO } from '@emissor/fiscal-domain';
import type { EnderecoLido, ItemLido, NfeLida } from '../leitura/ler-nfe-proc';
import { codigoBarrasChave } from './codigo-barras';
import {
  cepBr,
  chaveEmGrupos,
  dataBr,
  dataHoraBr,
  documentoBr,
  horaBr,
  numeroBr,
  numeroNotaBr,
  serieBr,
  telefoneBr,
  valorUnitarioBr,
} from './formatacao';

/** What the note's state adds to the print (the XML alone does not say it was cancelled). */
export interface SituacaoImpressao {
  /** Sandbox notes are never fiscal documents, whatever tpAmb says. */
  sandbox?: boolean;
  cancelamento?: { protocolo?: string | null; data?: Date | null; offsetMinutos?: number } | null;
}

export interface Campo {
  rotulo: string;
  valor: string;
  /** Relative width in its row (CSS flex-grow). */
  largura: number;
  /** Right-aligned (money and quantities). */
  numerico?: boolean;
  destaque?: boolean;
  /** A long amount (hundreds of millions and up) in a smaller type, so it stays on one line. */
  compacto?: boolean;
}

export interface LinhaItem {
  codigo: string;
  descricao: string;
  informacaoAdicional: string;
  ncm: string;
  situacaoTributaria: string;
  cfop: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  /** The unit value's type size class (larguraNumero): up to 10 decimals fit their column on one line. */
  larguraValorUnitario: LarguraNumero;
  valorTotal: string;
  valorDesconto: string;
  baseIcms: string;
  valorIcms: string;
  valorIpi: string;
  aliquotaIcms: string;
  aliquotaIpi: string;
}

/**
 * One word of the additional information as the browser lays it out: `espaco` = a space before it,
 * `quebra` = starts a paragraph, `corte` = a break opportunity inside a very long word.
 */
export interface PalavraTexto {
  texto: string;
  espaco?: boolean;
  quebra?: boolean;
  corte?: boolean;
}

export interface ModeloDanfe {
  titulo: string;
  chaveAcesso: string;
  semValorFiscal: boolean;
  avisoHomologacao: string | null;
  cancelada: { titulo: string; detalhe: string } | null;
  canhoto: { texto: string; numero: string; serie: string };
  cabecalho: {
    emitenteNome: string;
    emitenteLinhas: string[];
    tipoOperacao: string;
    numero: string;
    serie: string;
    codigoBarrasSvg: string;
    chaveFormatada: string;
    consulta: string;
    linhas: Campo[][];
  };
  destinatario: Campo[][];
  fatura: { linhas: Campo[][]; duplicatas: { numero: string; vencimento: string; valor: string }[] } | null;
  pagamento: { formas: { forma: string; valor: string; detalhe: string }[]; troco: string | null } | null;
  impostos: Campo[][];
  transporte: Campo[][];
  volumes: Campo[][];
  rotuloSituacaoTributaria: string;
  itens: LinhaItem[];
  palavras: PalavraTexto[];
}

const MODALIDADE_FRETE: Record<string, string> = {
  '0': '0 - Por conta do Remetente (CIF)',
  '1': '1 - Por conta do Destinatário (FOB)',
  '2': '2 - Por conta de Terceiros',
  '3': '3 - Próprio por conta do Remetente',
  '4': '4 - Próprio por conta do Destinatário',
  '9': '9 - Sem Ocorrência de Transporte',
};

/** A word longer than this gets break opportunities (a URL or a code without spaces must wrap, not overflow). */
const PALAVRA_MAXIMA = 28;

const campo = (rotulo: string, valor: string | undefined, largura: number, extra: Partial<Campo> = {}): Campo => ({
  rotulo,
  valor: valor ?? '',
  largura,
  ...extra,
});
/** Past 12 characters ("999.999,99" has 10) an amount no longer fits a tax box at the normal size. */
const LONGO = 12;
function dinheiro(rotulo: string, valor: string | undefined, largura = 1, destaque = false): Campo {
  const texto = numeroBr(valor ?? '0');
  return campo(rotulo, texto, largura, { numerico: true, destaque, compacto: texto.length > LONGO });
}

function linhaEndereco(e: EnderecoLido | undefined): string {
  if (!e) return '';
  return [e.logradouro, e.numero, e.complemento].filter(Boolean).join(', ');
}

function linhasEmitente(n: NfeLida): string[] {
  const e = n.emitente.endereco;
  const linhas = [
    linhaEndereco(e),
    [e.bairro, cepBr(e.cep) && `CEP ${cepBr(e.cep)}`].filter(Boolean).join(' - '),
    [e.municipio, e.uf].filter(Boolean).join(' - '),
  ];
  if (e.telefone) linhas.push(`Fone: ${telefoneBr(e.telefone)}`);
  return linhas.filter(Boolean);
}

function protocoloAutorizacao(n: NfeLida): string {
  const p = n.protocolo;
  if (!p?.numero) return '';
  return `${p.numero} - ${dataHoraBr(p.dataRecebimento)}`;
}

/**
 * A number's type size in a 13 mm column of the products table: the table's 6.3 pt holds nine characters; a
 * unit value with 10 decimals (vUnCom) has up to sixteen, and wrapped inside the cell its digits were split over
 * two lines (NF-e fiscal reviewer, round 2). 5.2 pt holds twelve, 4.2 pt fourteen (up to 999 with 10 decimals);
 * past that (a thousand or more with 10 decimals) the cell still wraps, at 4.2 pt.
 */
export type LarguraNumero = '' | 'reduzido' | 'estreito';
export function larguraNumero(texto: string): LarguraNumero {
  if (texto.length <= 9) return '';
  return texto.length <= 12 ? 'reduzido' : 'estreito';
}

function linhaItem(i: ItemLido): LinhaItem {
  const valorUnitario = valorUnitarioBr(i.valorUnitario);
  return {
    codigo: i.codigo,
    descricao: i.descricao,
    informacaoAdicional: i.informacaoAdicional ?? '',
    ncm: i.ncm ?? '',
    situacaoTributaria: `${i.origem ?? ''}${i.situacaoTributaria ?? ''}`,
    cfop: i.cfop ?? '',
    unidade: i.unidade ?? '',
    quantidade: numeroBr(i.quantidade, 4),
    valorUnitario,
    larguraValorUnitario: larguraNumero(valorUnitario),
    valorTotal: numeroBr(i.valorTotal),
    valorDesconto: numeroBr(i.valorDesconto ?? '0'),
    baseIcms: numeroBr(i.baseIcms ?? '0'),
    valorIcms: numeroBr(i.valorIcms ?? '0'),
    valorIpi: numeroBr(i.valorIpi ?? '0'),
    aliquotaIcms: numeroBr(i.aliquotaIcms ?? '0'),
    aliquotaIpi: numeroBr(i.aliquotaIpi ?? '0'),
  };
}

/** Every ICMSTot value, in the manual's order; the optional ones (DIFAL, approximate taxes) only when present. */
function impostos(t: Record<string, string>): Campo[][] {
  const linhas: Campo[][] = [
    [
      dinheiro('BASE DE CÁLC. DO ICMS', t.vBC),
      dinheiro('VALOR DO ICMS', t.vICMS),
      dinheiro('V. ICMS DESONERADO', t.vICMSDeson),
      dinheiro('VALOR DO FCP', t.vFCP),
      dinheiro('BASE DE CÁLC. ICMS S.T.', t.vBCST),
      dinheiro('VALOR DO ICMS SUBST.', t.vST),
      dinheiro('V. FCP SUBST.', t.vFCPST),
      dinheiro('V. FCP ST RETIDO', t.vFCPSTRet),
      dinheiro('V. IMP. IMPORTAÇÃO', t.vII),
      dinheiro('V. TOTAL PRODUTOS', t.vProd, 1.3),
    ],
    [
      dinheiro('VALOR DO FRETE', t.vFrete),
      dinheiro('VALOR DO SEGURO', t.vSeg),
      dinheiro('DESCONTO', t.vDesc),
      dinheiro('OUTRAS DESPESAS', t.vOutro),
      dinheiro('VALOR TOTAL IPI', t.vIPI),
      dinheiro('V. IPI DEVOLVIDO', t.vIPIDevol),
      dinheiro('VALOR DO PIS', t.vPIS),
      dinheiro('VALOR DA COFINS', t.vCOFINS),
      campo('', '', 1),
      dinheiro('VALOR TOTAL DA NOTA', t.vNF, 1.3, true),
    ],
  ];
  const opcionais = (
    [
      ['vICMSUFRemet', 'V. ICMS UF REMET.'],
      ['vFCPUFDest', 'V. FCP UF DEST.'],
      ['vICMSUFDest', 'V. ICMS UF DEST.'],
      ['vTotTrib', 'V. APROX. DOS TRIBUTOS'],
    ] as const
  ).filter(([k]) => t[k] !== undefined);
  if (opcionais.length) linhas.push([...opcionais.map(([k, r]) => dinheiro(r, t[k])), campo('', '', 10.3 - opcionais.length)]);
  return linhas;
}

function destinatario(n: NfeLida): Campo[][] {
  const d = n.destinatario;
  const e = d?.endereco;
  return [
    [
      campo('NOME / RAZÃO SOCIAL', d?.nome, 6),
      campo('CNPJ / CPF', documentoBr(d?.documento), 2.2),
      campo('DATA DA EMISSÃO', dataBr(n.ide.dataEmissao), 1.4),
    ],
    [
      campo('ENDEREÇO', linhaEndereco(e), 4.6),
      campo('BAIRRO / DISTRITO', e?.bairro, 2.2),
      campo('CEP', cepBr(e?.cep), 1.4),
      campo('DATA DA SAÍDA/ENTRADA', dataBr(n.ide.dataSaidaEntrada), 1.4),
    ],
    [
      campo('MUNICÍPIO', e?.municipio, 3.6),
      campo('FONE / FAX', telefoneBr(e?.telefone), 1.8),
      campo('UF', e?.uf, 0.6),
      campo('INSCRIÇÃO ESTADUAL', d?.ie, 2.2),
      campo('HORA DA SAÍDA/ENTRADA', horaBr(n.ide.dataSaidaEntrada), 1.4),
    ],
  ];
}

function transporte(n: NfeLida): Campo[][] {
  const t = n.transporte;
  const tr = t.transportador;
  const v = t.veiculo;
  return [
    [
      campo('NOME / RAZÃO SOCIAL', tr?.nome, 4),
      campo('FRETE POR CONTA', MODALIDADE_FRETE[t.modalidade ?? ''] ?? t.modalidade, 2.6),
      campo('CÓDIGO ANTT', v?.rntc, 1.2),
      campo('PLACA DO VEÍCULO', v?.placa, 1.2),
      campo('UF', v?.uf, 0.5),
      campo('CNPJ / CPF', documentoBr(tr?.documento), 2),
    ],
    [
      campo('ENDEREÇO', tr?.endereco, 5.2),
      campo('MUNICÍPIO', tr?.municipio, 3.8),
      campo('UF', tr?.uf, 0.5),
      campo('INSCRIÇÃO ESTADUAL', tr?.ie, 2),
    ],
  ];
}

function volumes(n: NfeLida): Campo[][] {
  const vols = n.transporte.volumes.length ? n.transporte.volumes : [{}];
  return vols.map((v: NfeLida['transporte']['volumes'][number]) => [
    campo('QUANTIDADE', v.quantidade, 1.4, { numerico: true }),
    campo('ESPÉCIE', v.especie, 2),
    campo('MARCA', v.marca, 2),
    campo('NUMERAÇÃO', v.numeracao, 2),
    campo('PESO BRUTO', v.pesoBruto ? numeroBr(v.pesoBruto, 3) : '', 1.6, { numerico: true }),
    campo('PESO LÍQUIDO', v.pesoLiquido ? numeroBr(v.pesoLiquido, 3) : '', 1.6, { numerico: true }),
  ]);
}

function fatura(n: NfeLida): ModeloDanfe['fatura'] {
  const c = n.cobranca;
  if (!c || (!c.fatura && !c.duplicatas.length)) return null;
  const f = c.fatura;
  return {
    linhas: f
      ? [
          [
            campo('NÚMERO DA FATURA', f.numero, 2),
            dinheiro('VALOR ORIGINAL', f.valorOriginal),
            dinheiro('VALOR DO DESCONTO', f.valorDesconto),
            dinheiro('VALOR LÍQUIDO', f.valorLiquido),
          ],
        ]
      : [],
    duplicatas: c.duplicatas.map((d) => ({ numero: d.numero ?? '', vencimento: dataBr(d.vencimento), valor: numeroBr(d.valor ?? '0') })),
  };
}

function pagamento(n: NfeLida): ModeloDanfe['pagamento'] {
  if (!n.pagamentos.length) return null;
  return {
    formas: n.pagamentos.map((p) => {
      const nome = p.forma === '99' && p.descricao ? p.descricao : (FORMAS_PAGAMENTO[p.forma] ?? '');
      const detalhe = [
        p.indicador === '1' ? 'a prazo' : p.indicador === '0' ? 'à vista' : '',
        p.bandeira ? (BANDEIRAS[p.bandeira] ?? p.bandeira) : '',
        p.autorizacao ? `aut. ${p.autorizacao}` : '',
      ]
        .filter(Boolean)
        .join(' · ');
      return { forma: `${p.forma} - ${nome.charAt(0).toUpperCase()}${nome.slice(1)}`, valor: numeroBr(p.valor), detalhe };
    }),
    troco: n.troco ? numeroBr(n.troco) : null,
  };
}

/** The additional information as words: homologação notice, fisco's text, then the taxpayer's. */
function palavras(paragrafos: string[]): PalavraTexto[] {
  const saida: PalavraTexto[] = [];
  for (const p of paragrafos) {
    let inicio = true;
    for (const palavra of p.split(/\s+/).filter(Boolean)) {
      for (let i = 0; i < palavra.length; i += PALAVRA_MAXIMA) {
        const pedaco = palavra.slice(i, i + PALAVRA_MAXIMA);
        if (i > 0) saida.push({ texto: pedaco, corte: true });
        else saida.push({ texto: pedaco, quebra: inicio && saida.length > 0, espaco: !inicio });
        inicio = false;
      }
    }
  }
  return saida;
}

/**
 * IBS/CBS of the note (IBSCBSTot) in the additional information: the DANFE layout has no box for them
 * yet, and NT 2025.002 lets the issuer show them there meanwhile. In 2026 they are not part of the total.
 */
/** A note authorized by an SVC (tpEmis 6/7, decisions §9) says so, with the start of the contingency and its reason. */
export function textoContingencia(n: Pick<NfeLida, 'ide'>): string {
  const svc = n.ide.tipoEmissao === '6' ? 'SVC-AN' : n.ide.tipoEmissao === '7' ? 'SVC-RS' : null;
  if (!svc) return '';
  const inicio = n.ide.dataContingencia ? ` Entrada em contingência: ${dataHoraBr(n.ide.dataContingencia)}.` : '';
  const motivo = n.ide.justificativaContingencia ? ` Justificativa: ${n.ide.justificativaContingencia}.` : '';
  return `DANFE DE NF-E EMITIDA EM CONTINGÊNCIA (${svc}).${inicio}${motivo}`;
}

export function textoIbsCbs(n: Pick<NfeLida, 'ibsCbs'>): string {
  const t = n.ibsCbs;
  if (!t) return '';
  const partes = [
    `Base de cálculo R$ ${numeroBr(t.base)}`,
    `IBS UF R$ ${numeroBr(t.ibsUf)}`,
    `IBS Mun. R$ ${numeroBr(t.ibsMun)}`,
    `IBS R$ ${numeroBr(t.ibs)}`,
    `CBS R$ ${numeroBr(t.cbs)}`,
  ];
  if (t.totalComIbsCbs) partes.push(`Total da NF-e com IBS/CBS R$ ${numeroBr(t.totalComIbsCbs)}`);
  return `IBS/CBS (LC 214/2025): ${partes.join('; ')}.`;
}

export function montarModeloDanfe(n: NfeLida, situacao: SituacaoImpressao = {}): ModeloDanfe {
  const homologacao = n.ide.ambiente === '2' || n.protocolo?.ambiente === '2';
  const semValorFiscal = homologacao || Boolean(situacao.sandbox);
  const numero = numeroNotaBr(n.ide.numero);
  const serie = serieBr(n.ide.serie);
  const emitente = n.emitente;
  const valorTotal = numeroBr(n.totais.vNF ?? '0');
  const c = situacao.cancelamento;
  const simplesNacional = emitente.crt === '1' || emitente.crt === '4';
  const aviso = semValorFiscal ? `${XNOME_HOMOLOGACAO.replace('HOMOLOGACAO', 'HOMOLOGAÇÃO')}` : null;

  return {
    titulo: `DANFE NF-e ${numero} série ${serie}`,
    chaveAcesso: n.chaveAcesso,
    semValorFiscal,
    avisoHomologacao: aviso,
    cancelada: c
      ? {
          titulo: 'CANCELADA',
          detalhe: [c.protocolo ? `Protocolo ${c.protocolo}` : '', c.data ? dataHoraBr(formatarDataHoraSefaz(c.data, c.offsetMinutos)) : '']
            .filter(Boolean)
            .join(' - '),
        }
      : null,
    canhoto: {
      texto:
        `RECEBEMOS DE ${emitente.nome} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. ` +
        `EMISSÃO: ${dataBr(n.ide.dataEmissao)} - VALOR TOTAL: R$ ${valorTotal} - DESTINATÁRIO: ${n.destinatario?.nome ?? ''}` +
        (n.destinatario?.endereco
          ? ` - ${[linhaEndereco(n.destinatario.endereco), n.destinatario.endereco.bairro, n.destinatario.endereco.municipio, n.destinatario.endereco.uf].filter(Boolean).join(' - ')}`
          : ''),
      numero,
      serie,
    },
    cabecalho: {
      emitenteNome: emitente.nome,
      emitenteLinhas: linhasEmitente(n),
      tipoOperacao: n.ide.tipoOperacao,
      numero,
      serie,
      codigoBarrasSvg: codigoBarrasChave(n.chaveAcesso),
      chaveFormatada: chaveEmGrupos(n.chaveAcesso),
      consulta: 'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora',
      linhas: [
        [campo('NATUREZA DA OPERAÇÃO', n.ide.naturezaOperacao, 6), campo('PROTOCOLO DE AUTORIZAÇÃO DE USO', protocoloAutorizacao(n), 4)],
        [
          campo('INSCRIÇÃO ESTADUAL', emitente.ie, 3.3),
          campo('INSC. ESTADUAL DO SUBST. TRIBUT.', emitente.ieSt, 3.3),
          campo(emitente.documento.length === 11 ? 'CPF' : 'CNPJ', documentoBr(emitente.documento), 3.4),
        ],
      ],
    },
    destinatario: destinatario(n),
    fatura: fatura(n),
    pagamento: pagamento(n),
    impostos: impostos(n.totais),
    transporte: transporte(n),
    volumes: volumes(n),
    rotuloSituacaoTributaria: simplesNacional ? 'O/CSOSN' : 'O/CST',
    itens: n.itens.map(linhaItem),
    palavras: palavras(
      [
        aviso ?? '',
        textoContingencia(n),
        n.informacoesFisco ? `Inf. de interesse do Fisco: ${n.informacoesFisco}` : '',
        textoIbsCbs(n),
        n.informacoesComplementares ?? '',
      ].filter(Boolean),
    ),
  };
}
