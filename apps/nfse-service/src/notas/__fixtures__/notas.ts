import type { EmpresaContexto } from '@emissor/contracts';
import { NotaNfse } from '../entities/nota-nfse.entity';

/** A company of São Paulo (ABRASF in the dated table), regime normal, with a valid certificate: each test changes what it is about. */
export function empresaDeTeste(campos: Partial<EmpresaContexto> = {}): EmpresaContexto {
  return {
    id: '6f1c2b1e-0000-4000-8000-000000000001',
    cnpj: '11222333000181',
    razao_social: 'Prestadora Ltda',
    nome_fantasia: null,
    inscricao_estadual: null,
    inscricao_municipal: '12345',
    regime_tributario: 3,
    endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP', cep: '01001000' },
    codigo_municipio: '3550308',
    telefone: null,
    email: null,
    certificado: {
      titular: 'Prestadora',
      cnpj: '11222333000181',
      valido_de: '2026-01-01T00:00:00Z',
      valido_ate: '2027-01-01T00:00:00Z',
      versao: 'v1',
    },
    provedor_nfse: null,
    ...campos,
  };
}

/** An ABRASF note whose RPS is waiting (nothing issued yet), as the create writes it. */
export function notaDeTeste(campos: Partial<NotaNfse> = {}): NotaNfse {
  return Object.assign(new NotaNfse(), {
    id: '42',
    empresaId: '6f1c2b1e-0000-4000-8000-000000000001',
    contaId: '6f1c2b1e-0000-4000-8000-000000000002',
    sandbox: false,
    codigoExterno: 'pedido-42',
    valorServicos: '1000.00',
    descricao: null,
    observacoes: null,
    iss: { base_calculo: '1000.00', valor_iss: '50.00', valor_liquido: '1000.00', aliquota_iss: '0.05' },
    servico: { codigo_cnae: '6201501', codigo_item_lista: '01.01', descricao: 'Desenvolvimento de software' },
    nbs: {},
    aliquotaSimplesNacional: null,
    tributosAproximados: null,
    tomadorId: '6f1c2b1e-0000-4000-8000-000000000003',
    tomador: { razao_social: 'Tomadora SA', cpf_cnpj: '99888777000166' },
    codigoMunicipio: '3550308',
    provedor: 'abrasf-2.04',
    uf: 'SP',
    rpsNumero: 7,
    rpsSerie: '1',
    rpsTipo: '1',
    rpsSituacao: 'pendente',
    rpsDataEmissao: new Date('2026-03-02T13:00:00Z'),
    nfseSituacao: 'pendente',
    nfseNumero: null,
    nfseCodigoVerificacao: null,
    nfseDataEmissao: null,
    protocolo: null,
    numeroLote: null,
    erros: null,
    motivoCancelamento: null,
    dataCancelamento: null,
    criadoEm: new Date('2026-03-02T13:00:00Z'),
    atualizadoEm: new Date('2026-03-02T13:00:00Z'),
    ...campos,
  });
}
