import { UFS } from '@emissor/fiscal-domain';
import { LISTA_SERVICOS_SEFAZ } from '@emissor/fiscal-domain';
import { autorizadorDaUf, autorizadoresConhecidos, enderecoServico, urlDestino } from './webservices';

describe('web service table (data)', () => {
  it('has every service in both environments for every one of the 27 states', () => {
    for (const uf of UFS) {
      for (const ambiente of [1, 2] as const) {
        for (const servico of LISTA_SERVICOS_SEFAZ) {
          const e = enderecoServico(uf, ambiente, servico);
          expect(e.url).toMatch(/^https:\/\/[a-z0-9.-]+\.gov\.br\//);
          expect(e.cUF).toMatch(/^\d{2}$/);
        }
      }
    }
  });

  it('routes states to their own SEFAZ, SVRS or SVAN; Ceará goes to SVRS', () => {
    expect(autorizadorDaUf('CE')).toBe('SVRS');
    expect(enderecoServico('CE', 1, 'NFeAutorizacao4').url).toBe('https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx');
    expect(enderecoServico('CE', 2, 'NFeAutorizacao4').url).toBe(
      'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
    );
    expect(autorizadorDaUf('MA')).toBe('SVAN');
    expect(enderecoServico('MA', 1, 'NFeStatusServico4').url).toContain('sefazvirtual.fazenda.gov.br');
    for (const [uf, aut] of Object.entries({
      SP: 'SP',
      MG: 'MG',
      RS: 'RS',
      PR: 'PR',
      BA: 'BA',
      PE: 'PE',
      GO: 'GO',
      MS: 'MS',
      MT: 'MT',
      AM: 'AM',
      RJ: 'SVRS',
      SC: 'SVRS',
      DF: 'SVRS',
      ES: 'SVRS',
    })) {
      expect(autorizadorDaUf(uf)).toBe(aut);
    }
    expect(enderecoServico('SP', 2, 'NFeConsultaProtocolo4').url).toBe(
      'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
    );
    expect(autorizadoresConhecidos()).toEqual(expect.arrayContaining(['SVRS', 'SVAN', 'SVCAN', 'SVCRS']));
    expect(() => autorizadorDaUf('XX')).toThrow('UF inválida');
  });

  it('points at the simulator with the environment prefix, the same service path and the authorizer named', () => {
    const e = enderecoServico('CE', 2, 'NFeAutorizacao4');
    expect(urlDestino(e, 2, null).href).toBe(e.url);
    expect(urlDestino(e, 2, 'https://127.0.0.1:3443').href).toBe(
      'https://127.0.0.1:3443/homologacao/ws/NfeAutorizacao/NFeAutorizacao4.asmx?autorizador=SVRS',
    );
    expect(urlDestino(enderecoServico('SP', 1, 'NFeStatusServico4'), 1, 'https://127.0.0.1:9/base/').href).toBe(
      'https://127.0.0.1:9/base/producao/ws/nfestatusservico4.asmx?autorizador=SP',
    );
  });

  it('a note keyed in SVC goes to its SVC (same path as SVRS/SVAN, another host; the simulator is told)', () => {
    const an = enderecoServico('SP', 2, 'NFeAutorizacao4', 'svc_an');
    expect(an).toMatchObject({ autorizador: 'SVCAN', cUF: '35', url: expect.stringContaining('hom.sefazvirtual.fazenda.gov.br') });
    expect(urlDestino(an, 2, 'https://127.0.0.1:3443').search).toBe('?autorizador=SVC-AN');
    expect(enderecoServico('BA', 1, 'NFeStatusServico4', 'svc_rs').autorizador).toBe('SVCRS');
  });
});
