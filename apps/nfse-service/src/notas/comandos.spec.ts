import { empresaDeTeste, notaDeTeste } from './__fixtures__/notas';
import { comandoCancelarNfse, comandoEnviarRps } from './comandos';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CHAVE = '35503082211222333000181000000000000042261234567890';

describe('the RPS command to the municipal adapter', () => {
  it('an ABRASF note: issuer, RPS (date and competence at the company offset), service values and tomador, nothing null', () => {
    const { comando_id, ...comando } = comandoEnviarRps(
      empresaDeTeste(),
      notaDeTeste({ rpsDataEmissao: new Date('2026-03-01T02:00:00Z') }),
    );
    expect(comando_id).toMatch(UUID);
    expect(comando).toEqual({
      nota_id: 42,
      empresa_id: '6f1c2b1e-0000-4000-8000-000000000001',
      provedor: 'abrasf-2.04',
      codigo_municipio: '3550308',
      sandbox: false,
      prestador: { cnpj: '11222333000181', inscricao_municipal: '12345', razao_social: 'Prestadora Ltda', regime_tributario: 3 },
      // 02:00 UTC on March 1st is still February 28th in São Paulo.
      rps: { numero: 7, serie: '1', tipo: '1', data_emissao: '2026-02-28T23:00:00-03:00', competencia: '2026-02-28' },
      servico: {
        codigo_item_lista: '01.01',
        codigo_cnae: '6201501',
        discriminacao: 'Desenvolvimento de software',
        codigo_municipio: '3550308',
        valor_servicos: '1000.00',
        base_calculo: '1000.00',
        aliquota: '0.05',
        valor_iss: '50.00',
        valor_liquido: '1000.00',
      },
      tomador: { cpf_cnpj: '99888777000166', razao_social: 'Tomadora SA' },
    });
  });

  it('a national note: DPS type, the nbs_* fields, the Simples Nacional rate and the approximate taxes travel for the DPS', () => {
    const c = comandoEnviarRps(
      empresaDeTeste({ regime_tributario: 1, inscricao_municipal: null }),
      notaDeTeste({
        provedor: 'nacional',
        rpsTipo: 'DPS',
        nbs: { codigo: '116011000', cst: '000', ct: '000001', indop: '100301' },
        aliquotaSimplesNacional: '0.06',
        tributosAproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' },
        descricao: 'Sprint 12',
        observacoes: 'Pedido 42',
      }),
    );
    expect(c.provedor).toBe('nacional');
    expect(c.rps.tipo).toBe('DPS');
    expect(c.prestador).toEqual({ cnpj: '11222333000181', razao_social: 'Prestadora Ltda', regime_tributario: 1 });
    expect(c.servico).toMatchObject({
      codigo_nbs: '116011000',
      nbs_cst: '000',
      nbs_ct: '000001',
      nbs_indop: '100301',
      aliquota_simples_nacional: '0.06',
      tributos_aproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' },
      discriminacao: 'Sprint 12',
    });
    expect(c.observacoes).toBe('Pedido 42');
  });

  it("the tomador's address carries the tomador's municipality code", () => {
    const c = comandoEnviarRps(
      empresaDeTeste(),
      notaDeTeste({
        tomador: {
          razao_social: 'Tomadora SA',
          cpf_cnpj: '99888777000166',
          codigo_municipio: '3304557',
          endereco: {
            logradouro: 'Av B',
            numero: '2',
            complemento: null,
            bairro: 'Centro',
            municipio: 'Rio de Janeiro',
            uf: 'RJ',
            cep: '20010000',
          },
        },
      }),
    );
    expect(c.tomador.endereco).toEqual({
      logradouro: 'Av B',
      numero: '2',
      bairro: 'Centro',
      codigo_municipio: '3304557',
      municipio: 'Rio de Janeiro',
      uf: 'RJ',
      cep: '20010000',
    });
  });
});

describe('the cancellation command', () => {
  it('a national note is named by its 50-position access key (the 101101 event)', () => {
    const nota = notaDeTeste({
      provedor: 'nacional',
      rpsTipo: 'DPS',
      nfseSituacao: 'emitida',
      nfseNumero: '42',
      nfseCodigoVerificacao: CHAVE,
    });
    const { comando_id, ...comando } = comandoCancelarNfse(empresaDeTeste(), nota, 'Serviço não prestado ao tomador');
    expect(comando_id).toMatch(UUID);
    expect(comando).toEqual({
      nota_id: 42,
      empresa_id: '6f1c2b1e-0000-4000-8000-000000000001',
      codigo_municipio: '3550308',
      sandbox: false,
      prestador: { cnpj: '11222333000181', inscricao_municipal: '12345' },
      nfse_numero: '42',
      motivo: 'Serviço não prestado ao tomador',
      provedor: 'nacional',
      chave_acesso: CHAVE,
    });
  });

  it('an ABRASF note by its number: no access key', () => {
    const nota = notaDeTeste({ nfseSituacao: 'emitida', nfseNumero: '202600000000015', nfseCodigoVerificacao: 'A1B2C3D4' });
    const c = comandoCancelarNfse(empresaDeTeste(), nota, 'Erro na emissão');
    expect(c.nfse_numero).toBe('202600000000015');
    expect(c).not.toHaveProperty('chave_acesso');
  });
});
