import { ErroXmlMalformado, lerArvoreXml, type NoXml } from '../../sefaz/arvore-xml';
import { NAMESPACE_ABRASF } from './constantes';

/**
 * Structural validation of the ABRASF 2.04 messages a municipality receives. The official XSDs
 * (nfse_v2-04.xsd) are not published in any package of the npm registry, so instead of a schema
 * this module states the layout of the manual as data — element order, cardinality, choices and
 * the simple types' patterns — and checks a message against it, element by element. Signatures are
 * checked separately (verificarAssinaturaXml), so `Signature` is only required to be there.
 */
interface TipoSimples {
  padrao: RegExp;
  descricao: string;
}

interface DefElemento {
  nome: string;
  min?: 0 | 1;
  /** Default 1; Infinity for unbounded. */
  max?: number;
  tipo?: TipoSimples;
  conteudo?: Conteudo;
  atributos?: { nome: string; obrigatorio: boolean; tipo?: TipoSimples }[];
  /** Content not checked here (ds:Signature). */
  livre?: true;
}

interface Escolha {
  escolha: DefElemento[];
  min?: 0 | 1;
}

type Item = DefElemento | Escolha;
type Conteudo = Item[];

const ts = (padrao: RegExp, descricao: string): TipoSimples => ({ padrao, descricao });
const texto = (min: number, max: number) => ts(new RegExp(`^[\\s\\S]{${min},${max}}$`), `texto de ${min} a ${max} caracteres`);

const T = {
  numero15: ts(/^\d{1,15}$/, 'número de até 15 dígitos'),
  serie: texto(1, 5),
  tipoRps: ts(/^[123]$/, '1, 2 ou 3'),
  data: ts(/^\d{4}-\d{2}-\d{2}$/, 'data AAAA-MM-DD'),
  dataHora: ts(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'data e hora ISO 8601'),
  status: ts(/^[12]$/, '1 ou 2'),
  valor: ts(/^\d{1,13}(\.\d{1,2})?$/, 'valor com até 2 casas decimais'),
  aliquota: ts(/^\d{1,3}(\.\d{1,4})?$/, 'alíquota com até 4 casas decimais'),
  simNao: ts(/^[12]$/, '1 (sim) ou 2 (não)'),
  itemLista: texto(1, 5),
  cnae: ts(/^\d{1,7}$/, 'CNAE de até 7 dígitos'),
  codigoTributacao: texto(1, 20),
  nbs: ts(/^\d{1,9}$/, 'código NBS de até 9 dígitos'),
  discriminacao: texto(1, 2000),
  municipio: ts(/^\d{7}$/, 'código IBGE de 7 dígitos'),
  pais: ts(/^\d{4}$/, 'código BACEN de 4 dígitos'),
  exigibilidade: ts(/^[1-7]$/, '1 a 7'),
  cnpj: ts(/^[0-9A-Z]{12}\d{2}$/, 'CNPJ de 14 posições'),
  cpf: ts(/^\d{11}$/, 'CPF de 11 dígitos'),
  inscricao: texto(1, 15),
  razao: texto(1, 150),
  endereco: texto(1, 255),
  numeroEndereco: texto(1, 60),
  complemento: texto(1, 60),
  bairro: texto(1, 60),
  uf: ts(/^[A-Z]{2}$/, 'UF de 2 letras'),
  cep: ts(/^\d{8}$/, 'CEP de 8 dígitos'),
  telefone: texto(1, 20),
  email: texto(1, 80),
  quantidade: ts(/^\d{1,4}$/, 'quantidade de até 4 dígitos'),
  protocolo: texto(1, 50),
  codigoCancelamento: texto(1, 4),
  id: ts(/^[A-Za-z_][\w.-]{0,254}$/, 'identificador XML'),
  versao: ts(/^\d{1,2}\.\d{2}$/, 'versão como 2.04'),
  regime: ts(/^[1-6]$/, '1 a 6'),
  informacoes: texto(1, 2000),
  responsavel: ts(/^[12]$/, '1 ou 2'),
  processo: texto(1, 30),
};

const e = (nome: string, tipo: TipoSimples, min: 0 | 1 = 1): DefElemento => ({ nome, tipo, min });
const c = (nome: string, conteudo: Conteudo, min: 0 | 1 = 1, extra: Partial<DefElemento> = {}): DefElemento => ({
  nome,
  conteudo,
  min,
  ...extra,
});
const assinatura = (min: 0 | 1): DefElemento => ({ nome: 'Signature', livre: true, min });

const cpfCnpj = (min: 0 | 1 = 1) => c('CpfCnpj', [{ escolha: [e('Cpf', T.cpf), e('Cnpj', T.cnpj)] }], min);
const identificacaoRps = (nome = 'IdentificacaoRps') => c(nome, [e('Numero', T.numero15), e('Serie', T.serie), e('Tipo', T.tipoRps)]);
const prestador = (nome = 'Prestador') => c(nome, [cpfCnpj(), e('InscricaoMunicipal', T.inscricao, 0)]);

const valores = c('Valores', [
  e('ValorServicos', T.valor),
  ...['ValorDeducoes', 'ValorPis', 'ValorCofins', 'ValorInss', 'ValorIr', 'ValorCsll', 'OutrasRetencoes', 'ValTotTributos', 'ValorIss'].map(
    (n) => e(n, T.valor, 0),
  ),
  e('Aliquota', T.aliquota, 0),
  e('DescontoIncondicionado', T.valor, 0),
  e('DescontoCondicionado', T.valor, 0),
]);

const servico = c('Servico', [
  valores,
  e('IssRetido', T.simNao),
  e('ResponsavelRetencao', T.responsavel, 0),
  e('ItemListaServico', T.itemLista),
  e('CodigoCnae', T.cnae, 0),
  e('CodigoTributacaoMunicipio', T.codigoTributacao, 0),
  e('CodigoNbs', T.nbs, 0),
  e('Discriminacao', T.discriminacao),
  e('CodigoMunicipio', T.municipio),
  e('CodigoPais', T.pais, 0),
  e('ExigibilidadeISS', T.exigibilidade),
  e('IdentifNaoExigibilidade', T.codigoTributacao, 0),
  e('MunicipioIncidencia', T.municipio, 0),
  e('NumeroProcesso', T.processo, 0),
]);

const endereco = c(
  'Endereco',
  [
    e('Endereco', T.endereco, 0),
    e('Numero', T.numeroEndereco, 0),
    e('Complemento', T.complemento, 0),
    e('Bairro', T.bairro, 0),
    e('CodigoMunicipio', T.municipio, 0),
    e('Uf', T.uf, 0),
    e('Cep', T.cep, 0),
  ],
  0,
);

const tomador = c(
  'TomadorServico',
  [
    c('IdentificacaoTomador', [cpfCnpj(0), e('InscricaoMunicipal', T.inscricao, 0)], 0),
    e('NifTomador', texto(1, 40), 0),
    e('RazaoSocial', T.razao, 0),
    { escolha: [endereco, c('EnderecoExterior', [e('CodigoPais', T.pais), e('EnderecoCompletoExterior', T.endereco)])], min: 0 },
    c('Contato', [e('Telefone', T.telefone, 0), e('Email', T.email, 0)], 0),
  ],
  0,
);

const idObrigatorio = [{ nome: 'Id', obrigatorio: true, tipo: T.id }];

const infDeclaracao = c(
  'InfDeclaracaoPrestacaoServico',
  [
    c(
      'Rps',
      [identificacaoRps(), e('DataEmissao', T.data), e('Status', T.status), identificacaoRps('RpsSubstituido')].map((d, i) =>
        i === 3 ? { ...d, min: 0 as const } : d,
      ),
      0,
      {
        atributos: [{ nome: 'Id', obrigatorio: false, tipo: T.id }],
      },
    ),
    e('Competencia', T.data),
    servico,
    prestador(),
    tomador,
    c(
      'Intermediario',
      [c('IdentificacaoIntermediario', [cpfCnpj(0), e('InscricaoMunicipal', T.inscricao, 0)]), e('RazaoSocial', T.razao)],
      0,
    ),
    c('ConstrucaoCivil', [e('CodigoObra', texto(1, 30), 0), e('Art', texto(1, 30))], 0),
    e('RegimeEspecialTributacao', T.regime, 0),
    e('OptanteSimplesNacional', T.simNao),
    e('IncentivoFiscal', T.simNao),
    e('InformacoesComplementares', T.informacoes, 0),
  ],
  1,
  { atributos: idObrigatorio },
);

/** The messages a municipality receives, by root element. */
export const ESTRUTURAS_ABRASF = {
  EnviarLoteRpsEnvio: c('EnviarLoteRpsEnvio', [
    c(
      'LoteRps',
      [
        e('NumeroLote', T.numero15),
        prestador(),
        e('QuantidadeRps', T.quantidade),
        c('ListaRps', [{ ...c('Rps', [infDeclaracao, assinatura(1)]), max: Infinity }]),
      ],
      1,
      { atributos: [...idObrigatorio, { nome: 'versao', obrigatorio: true, tipo: T.versao }] },
    ),
    assinatura(1),
  ]),
  ConsultarLoteRpsEnvio: c('ConsultarLoteRpsEnvio', [prestador(), e('Protocolo', T.protocolo)]),
  ConsultarNfseRpsEnvio: c('ConsultarNfseRpsEnvio', [identificacaoRps(), prestador()]),
  CancelarNfseEnvio: c('CancelarNfseEnvio', [
    c('Pedido', [
      c(
        'InfPedidoCancelamento',
        [
          c('IdentificacaoNfse', [
            e('Numero', T.numero15),
            cpfCnpj(),
            e('InscricaoMunicipal', T.inscricao, 0),
            e('CodigoMunicipio', T.municipio),
          ]),
          e('CodigoCancelamento', T.codigoCancelamento),
        ],
        1,
        { atributos: idObrigatorio },
      ),
      assinatura(1),
    ]),
  ]),
  cabecalho: c('cabecalho', [e('versaoDados', T.versao)], 1, { atributos: [{ nome: 'versao', obrigatorio: true, tipo: T.versao }] }),
} as const;

export type MensagemAbrasf = keyof typeof ESTRUTURAS_ABRASF;

export interface ResultadoEstrutura {
  valido: boolean;
  erros: string[];
  raiz?: NoXml;
}

function validarAtributos(no: NoXml, def: DefElemento, caminho: string, erros: string[]) {
  for (const a of def.atributos ?? []) {
    const v = no.atributos[a.nome];
    if (v === undefined) {
      if (a.obrigatorio) erros.push(`${caminho}: atributo ${a.nome} ausente`);
    } else if (a.tipo && !a.tipo.padrao.test(v)) erros.push(`${caminho}/@${a.nome}: deve ser ${a.tipo.descricao}`);
  }
}

function validarNo(no: NoXml, def: DefElemento, caminho: string, erros: string[]) {
  validarAtributos(no, def, caminho, erros);
  if (def.livre) return;
  if (def.tipo) {
    if (no.filhos.length) erros.push(`${caminho}: não deve conter elementos`);
    else if (!def.tipo.padrao.test(no.texto)) erros.push(`${caminho}: deve ser ${def.tipo.descricao}`);
    return;
  }
  if (no.texto.trim()) erros.push(`${caminho}: texto não permitido`);
  validarConteudo(no.filhos, def.conteudo ?? [], caminho, erros);
}

function validarConteudo(filhos: NoXml[], conteudo: Conteudo, caminho: string, erros: string[]) {
  let i = 0;
  for (const item of conteudo) {
    if ('escolha' in item) {
      const alternativa = item.escolha.find((a) => filhos[i]?.nome === a.nome);
      if (!alternativa) {
        if (item.min !== 0) erros.push(`${caminho}: falta um de ${item.escolha.map((a) => a.nome).join(', ')}`);
        continue;
      }
      validarNo(filhos[i], alternativa, `${caminho}/${alternativa.nome}`, erros);
      i++;
      continue;
    }
    let n = 0;
    while (filhos[i]?.nome === item.nome) {
      n++;
      if (n > (item.max ?? 1)) {
        erros.push(`${caminho}/${item.nome}: ocorre mais vezes que o permitido`);
        break;
      }
      validarNo(filhos[i], item, `${caminho}/${item.nome}${(item.max ?? 1) > 1 ? `[${n}]` : ''}`, erros);
      i++;
    }
    if (n < (item.min ?? 1)) erros.push(`${caminho}: falta o elemento ${item.nome}`);
  }
  if (i < filhos.length) erros.push(`${caminho}: elemento inesperado ${filhos[i].nome}`);
}

/** Checks a message (its root must be `mensagem`, in the ABRASF namespace). At most 20 errors. */
export function validarEstruturaAbrasf(mensagem: MensagemAbrasf, xml: string): ResultadoEstrutura {
  let raiz: NoXml;
  try {
    raiz = lerArvoreXml(xml);
  } catch (erro) {
    return { valido: false, erros: [`XML malformado: ${erro instanceof ErroXmlMalformado ? erro.message : String(erro)}`] };
  }
  const def = ESTRUTURAS_ABRASF[mensagem];
  const erros: string[] = [];
  if (raiz.nome !== def.nome) erros.push(`Elemento raiz deve ser ${def.nome}, veio ${raiz.nome}`);
  else {
    if (
      raiz.atributos.xmlns !== NAMESPACE_ABRASF &&
      !Object.entries(raiz.atributos).some(([k, v]) => k.startsWith('xmlns:') && v === NAMESPACE_ABRASF)
    ) {
      erros.push(`${def.nome}: namespace deve ser ${NAMESPACE_ABRASF}`);
    }
    validarNo(raiz, def, def.nome, erros);
  }
  return { valido: erros.length === 0, erros: erros.slice(0, 20), raiz };
}
