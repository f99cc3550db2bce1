import { notaDeTeste } from './__fixtures__/notas';
import { errosDaNota, respostaDaNota } from './resposta';

const CHAVE = '35503082211222333000181000000000000042261234567890';

describe('respostaDaNota: the API answer of an NFS-e (decisions §7, §10)', () => {
  it('a pending ABRASF note: RPS type 1, no NFS-e fields yet, nothing null, dates at the company offset', () => {
    expect(respostaDaNota(notaDeTeste())).toEqual({
      id: 42,
      codigo_externo: 'pedido-42',
      valor_servicos: '1000.00',
      iss: { valor_liquido: '1000.00', base_calculo: '1000.00', valor_iss: '50.00', aliquota_iss: '0.05' },
      rps: { situacao: 'pendente', numero: 7, serie: '1', tipo: '1', data_emissao: '2026-03-02T10:00:00-03:00' },
      nfse: { situacao: 'pendente' },
      tomador: { razao_social: 'Tomadora SA', cpf_cnpj: '99888777000166' },
      servico: { codigo_cnae: '6201501', codigo_item_lista: '01.01', descricao: 'Desenvolvimento de software' },
      nbs: {},
    });
  });

  it('an issued ABRASF note: the municipality number and verification code as given, its date shown at the company offset', () => {
    const r = respostaDaNota(
      notaDeTeste({
        rpsSituacao: 'processado_com_sucesso',
        nfseSituacao: 'emitida',
        nfseNumero: '202600000000015',
        nfseCodigoVerificacao: 'A1B2C3D4',
        nfseDataEmissao: '2026-03-02T13:00:05Z',
      }),
    );
    expect(r.rps).toEqual({
      situacao: 'processado_com_sucesso',
      numero: 7,
      serie: '1',
      tipo: '1',
      data_emissao: '2026-03-02T10:00:00-03:00',
    });
    expect(r.nfse).toEqual({
      situacao: 'emitida',
      numero: '202600000000015',
      codigo_verificacao: 'A1B2C3D4',
      data_emissao: '2026-03-02T10:00:05-03:00',
    });
  });

  it('a national note: rps.tipo DPS with the DPS number and série, nfse.numero the nNFSe, codigo_verificacao the 50-position access key', () => {
    const r = respostaDaNota(
      notaDeTeste({
        provedor: 'nacional',
        rpsTipo: 'DPS',
        rpsNumero: 1234,
        rpsSerie: '900',
        rpsSituacao: 'processado_com_sucesso',
        nfseSituacao: 'emitida',
        nfseNumero: '42',
        nfseCodigoVerificacao: CHAVE,
        nfseDataEmissao: '2026-03-02T10:00:07-03:00',
        nbs: { codigo: '116011000', cst: '000', ct: '000001', indop: '100301' },
      }),
    );
    expect(r.rps).toEqual({
      situacao: 'processado_com_sucesso',
      numero: 1234,
      serie: '900',
      tipo: 'DPS',
      data_emissao: '2026-03-02T10:00:00-03:00',
    });
    expect(r.nfse).toEqual({ situacao: 'emitida', numero: '42', codigo_verificacao: CHAVE, data_emissao: '2026-03-02T10:00:07-03:00' });
    expect(r.nfse.codigo_verificacao).toMatch(/^\d{50}$/);
    expect(r.nbs).toEqual({ codigo: '116011000', cst: '000', ct: '000001', indop: '100301' });
  });

  it('dates follow the UF of the note (Manaus -04:00); an authority date that is not ISO 8601 is shown as written', () => {
    const r = respostaDaNota(notaDeTeste({ uf: 'AM', nfseSituacao: 'emitida', nfseDataEmissao: '02/03/2026 10:00' }));
    expect(r.rps.data_emissao).toBe('2026-03-02T09:00:00-04:00');
    expect(r.nfse.data_emissao).toBe('02/03/2026 10:00');
  });

  it("the authority's errors: their own answer, of a refused RPS/DPS or of the last refused cancellation, without null fields; never in the note's", () => {
    const erros = [
      { codigo: 'E0190', mensagem: 'Inscrição municipal do prestador inválida', correcao: 'Informe a inscrição cadastrada' },
      { codigo: 'E0014', mensagem: 'DPS já informada', correcao: null as unknown as undefined },
    ];
    const recusada = notaDeTeste({ provedor: 'nacional', rpsTipo: 'DPS', rpsSituacao: 'processado_com_erro', erros });
    expect(errosDaNota(recusada)).toEqual({
      rps_situacao: 'processado_com_erro',
      erros: [
        { codigo: 'E0190', mensagem: 'Inscrição municipal do prestador inválida', correcao: 'Informe a inscrição cadastrada' },
        { codigo: 'E0014', mensagem: 'DPS já informada' },
      ],
      cancelamento_erros: [],
    });
    // The spec's note shape has no room for them.
    expect(respostaDaNota(recusada)).not.toHaveProperty('erros');
    // A cancellation refused: the note is emitida again, the reasons under cancelamento_erros (the RPS was not refused).
    expect(errosDaNota(notaDeTeste({ rpsSituacao: 'processado_com_sucesso', nfseSituacao: 'emitida', erros: [erros[0]] }))).toEqual({
      rps_situacao: 'processado_com_sucesso',
      erros: [],
      cancelamento_erros: [erros[0]],
    });
    // Cancelled afterwards, or asked again: the old refusal no longer answers.
    for (const nfseSituacao of ['cancelada', 'cancelamento_solicitado'] as const)
      expect(errosDaNota(notaDeTeste({ rpsSituacao: 'processado_com_sucesso', nfseSituacao, erros })).cancelamento_erros).toEqual([]);
    expect(errosDaNota(notaDeTeste({ rpsSituacao: 'processado_com_erro', erros: null }))).toEqual({
      rps_situacao: 'processado_com_erro',
      erros: [],
      cancelamento_erros: [],
    });
  });

  it('the tomador as it went into the RPS: address without a null complemento; no municipal registration in the answer', () => {
    const r = respostaDaNota(
      notaDeTeste({
        tomador: {
          razao_social: 'Tomadora SA',
          cpf_cnpj: '99888777000166',
          inscricao_municipal: '999',
          email: 'fiscal@tomadora.com.br',
          endereco: {
            logradouro: 'Av B',
            numero: '2',
            complemento: null,
            bairro: 'Bela Vista',
            municipio: 'São Paulo',
            uf: 'SP',
            cep: '01310100',
          },
        },
        descricao: 'Sprint 12',
        observacoes: 'Pedido 42',
      }),
    );
    expect(r.tomador).toEqual({
      razao_social: 'Tomadora SA',
      cpf_cnpj: '99888777000166',
      email: 'fiscal@tomadora.com.br',
      endereco: { logradouro: 'Av B', numero: '2', bairro: 'Bela Vista', municipio: 'São Paulo', uf: 'SP', cep: '01310100' },
    });
    expect(r.descricao).toBe('Sprint 12');
    expect(r.observacoes).toBe('Pedido 42');
  });
});
