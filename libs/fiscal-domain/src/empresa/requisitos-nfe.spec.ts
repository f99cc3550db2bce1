import { avaliarRequisitosNfe, empresaAptaNfe } from './requisitos-nfe';

describe('requisitos para emitir NF-e', () => {
  const agora = new Date('2026-11-22T12:00:00Z');
  const certificado = { valido_de: '2026-01-01T00:00:00Z', valido_ate: '2027-01-01T00:00:00Z' };
  const apta = { inscricao_estadual: '110042490114', regime_tributario: 3, certificado, endereco: { uf: 'SP' } };

  it('empresa com IE, regime e certificado válido está apta', () => {
    expect(empresaAptaNfe(apta, agora)).toBe(true);
    expect(avaliarRequisitosNfe(apta, agora).map((r) => r.atendido)).toEqual([true, true, true]);
  });

  it.each([
    ['sem inscrição estadual', { ...apta, inscricao_estadual: null }, 0],
    ['inscrição estadual em branco', { ...apta, inscricao_estadual: '  ' }, 0],
    ['sem regime tributário', { ...apta, regime_tributario: null }, 1],
    ['sem certificado', { ...apta, certificado: null }, 2],
    ['certificado expirado', { ...apta, certificado: { ...certificado, valido_ate: '2026-11-21T00:00:00Z' } }, 2],
    ['certificado ainda não válido', { ...apta, certificado: { ...certificado, valido_de: '2026-12-01T00:00:00Z' } }, 2],
  ])('%s: não está apta e o requisito certo falha', (_nome, empresa, indice) => {
    const requisitos = avaliarRequisitosNfe(empresa, agora);
    expect(empresaAptaNfe(empresa, agora)).toBe(false);
    expect(requisitos.filter((r) => !r.atendido)).toEqual([requisitos[indice]]);
  });

  it('IE que a UF da empresa não emitiria (registrada antes de a API conferir): não está apta, e o requisito diz por quê (SEFAZ 209)', () => {
    const outraUf = { ...apta, endereco: { uf: 'RJ' } };
    expect(empresaAptaNfe(outraUf, agora)).toBe(false);
    expect(avaliarRequisitosNfe(outraUf, agora)[0]).toEqual({
      descricao:
        'Inscrição estadual cadastrada (110042490114 não é uma inscrição estadual de RJ: o formato ou o dígito verificador não confere (a SEFAZ rejeita com 209))',
      atendido: false,
    });
    expect(empresaAptaNfe({ ...apta, inscricao_estadual: '123456789' }, agora)).toBe(false);
    expect(empresaAptaNfe({ ...apta, inscricao_estadual: 'ISENTO' }, agora)).toBe(true);
  });

  it('certificado a menos de 30 dias do fim: continua apta, e o requisito avisa no texto', () => {
    const vencendo = { ...apta, certificado: { ...certificado, valido_ate: '2026-12-06T15:00:00Z' } };
    const requisito = avaliarRequisitosNfe(vencendo, agora)[2];
    expect(empresaAptaNfe(vencendo, agora)).toBe(true);
    expect(requisito).toEqual({
      descricao: 'Certificado digital A1 válido (atenção: vence em 14 dias, em 2026-12-06T12:00:00-03:00; envie um novo certificado)',
      atendido: true,
    });
    const amanha = { ...apta, certificado: { ...certificado, valido_ate: '2026-11-22T20:00:00Z' } };
    expect(avaliarRequisitosNfe(amanha, agora)[2].descricao).toContain('vence em menos de 1 dia');
    // 30 days or more: the usual description only.
    const folgado = { ...apta, certificado: { ...certificado, valido_ate: '2026-12-22T12:00:00Z' } };
    expect(avaliarRequisitosNfe(folgado, agora)[2]).toEqual({ descricao: 'Certificado digital A1 válido', atendido: true });
  });

  it('certificado recusado pela SEFAZ (decisions §11): não está apta, e o requisito diz por quê', () => {
    const recusada = {
      ...apta,
      certificado: { ...certificado, recusado: 'Certificado da empresa recusado pela SEFAZ na conexão TLS: certificate expired' },
    };
    expect(empresaAptaNfe(recusada, agora)).toBe(false);
    expect(avaliarRequisitosNfe(recusada, agora)[2]).toEqual({
      descricao:
        'Certificado digital A1 válido (recusado pela SEFAZ: Certificado da empresa recusado pela SEFAZ na conexão TLS: certificate expired; envie um novo certificado)',
      atendido: false,
    });
  });
});
