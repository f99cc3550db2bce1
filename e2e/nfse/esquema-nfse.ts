/**
 * The spec's NFS-e response schema ("NFS-e note: response body": create, list items, detail), with
 * additional properties rejected at every level it names, checked the way an independent client would.
 */
import Ajv from 'ajv';

const texto = { type: 'string' };
const decimal = { type: 'string', pattern: '^\\d*\\.?\\d*$' };
const objeto = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const endereco = objeto({ cep: texto, logradouro: texto, numero: texto, bairro: texto, municipio: texto, uf: texto, complemento: texto }, [
  'cep',
  'logradouro',
  'numero',
  'bairro',
  'municipio',
  'uf',
]);

export const ESQUEMA_NFSE = objeto(
  {
    id: { type: 'integer' },
    codigo_externo: texto,
    valor_servicos: decimal,
    iss: objeto({ valor_liquido: decimal, base_calculo: decimal, valor_iss: decimal, aliquota_iss: decimal }),
    rps: objeto({ situacao: texto, numero: { type: 'integer' }, serie: texto, tipo: texto, data_emissao: texto }),
    nfse: objeto({ situacao: texto, numero: texto, codigo_verificacao: texto, data_emissao: texto }),
    tomador: objeto({ razao_social: texto, cpf_cnpj: texto, endereco, email: texto, telefone: texto }),
    servico: objeto({ codigo_cnae: texto, codigo_item_lista: texto, descricao: texto }),
    nbs: objeto({ codigo: texto, cst: texto, ct: texto, indop: texto }),
    descricao: texto,
    observacoes: texto,
  },
  ['id', 'codigo_externo', 'valor_servicos', 'iss', 'rps', 'nfse', 'tomador', 'servico', 'nbs'],
);

const validar = new Ajv({ allErrors: true, strict: true }).compile(ESQUEMA_NFSE);

/** Problems of an answer against the schema ([] when valid). */
export function errosEsquemaNfse(corpo: unknown): string[] {
  return validar(corpo)
    ? []
    : (validar.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
