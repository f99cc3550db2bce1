import { ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigNfeService, RESPONSAVEL_TECNICO_DESENVOLVIMENTO, responsavelTecnicoDaUf } from './config';

const base = { DATABASE_URL: 'postgres://u@h/db', NATS_URL: 'nats://127.0.0.1:4222' };
const erro = (ambiente: NodeJS.ProcessEnv) => {
  try {
    carregarConfigNfeService(ambiente);
  } catch (e) {
    if (e instanceof ErroConfiguracao) return e.problemas;
    throw e;
  }
  return [];
};

describe('nfe-service: responsável técnico (decisions §8)', () => {
  it('development: defaults for the contact, no CSRT', () => {
    const c = carregarConfigNfeService({ ...base, NODE_ENV: 'development' });
    expect(c.responsavelTecnico.contato).toEqual({
      cnpj: RESPONSAVEL_TECNICO_DESENVOLVIMENTO.RESPONSAVEL_TECNICO_CNPJ,
      contato: RESPONSAVEL_TECNICO_DESENVOLVIMENTO.RESPONSAVEL_TECNICO_CONTATO,
      email: RESPONSAVEL_TECNICO_DESENVOLVIMENTO.RESPONSAVEL_TECNICO_EMAIL,
      telefone: RESPONSAVEL_TECNICO_DESENVOLVIMENTO.RESPONSAVEL_TECNICO_FONE,
    });
    expect(c.responsavelTecnico.csrtPorUf).toEqual({});
  });

  it('production: each setting is required, named in the error', () => {
    expect(erro({ ...base, NODE_ENV: 'production' })).toEqual([
      'RESPONSAVEL_TECNICO_CNPJ é obrigatória em produção (responsável técnico do infRespTec)',
      'RESPONSAVEL_TECNICO_CONTATO é obrigatória em produção (responsável técnico do infRespTec)',
      'RESPONSAVEL_TECNICO_EMAIL é obrigatória em produção (responsável técnico do infRespTec)',
      'RESPONSAVEL_TECNICO_FONE é obrigatória em produção (responsável técnico do infRespTec)',
    ]);
  });

  it('production refuses the placeholders (development CNPJ, reserved e-mail domains): a fake responsável técnico never reaches a real note', () => {
    const exemplo = {
      RESPONSAVEL_TECNICO_CNPJ: '11222333000181',
      RESPONSAVEL_TECNICO_CONTATO: 'Equipe Fiscal',
      RESPONSAVEL_TECNICO_EMAIL: 'fiscal@emissor.example',
      RESPONSAVEL_TECNICO_FONE: '1130000000',
    };
    expect(erro({ ...base, NODE_ENV: 'production', ...exemplo })).toEqual([
      'RESPONSAVEL_TECNICO_CNPJ é o CNPJ de exemplo do desenvolvimento: em produção informe o do responsável técnico real',
      'RESPONSAVEL_TECNICO_EMAIL usa um domínio reservado para exemplos e testes (.example, .test, .invalid, .localhost, .local): em produção informe um e-mail real',
    ]);
    expect(erro({ ...base, NODE_ENV: 'development', ...exemplo })).toEqual([]);
    expect(
      erro({
        ...base,
        NODE_ENV: 'production',
        ...exemplo,
        RESPONSAVEL_TECNICO_CNPJ: '19131243000197',
        RESPONSAVEL_TECNICO_EMAIL: 'fiscal@softwarehouse.com.br',
      }),
    ).toEqual([]);
  });

  it('bad values are refused at start, all at once', () => {
    expect(
      erro({
        ...base,
        RESPONSAVEL_TECNICO_CNPJ: '11222333000180',
        RESPONSAVEL_TECNICO_CONTATO: 'X',
        RESPONSAVEL_TECNICO_EMAIL: 'sem-arroba',
        RESPONSAVEL_TECNICO_FONE: '123',
        RESPONSAVEL_TECNICO_CSRT_PE: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
      }),
    ).toEqual([
      'RESPONSAVEL_TECNICO_CNPJ deve ser um CNPJ válido',
      'RESPONSAVEL_TECNICO_CONTATO deve ter de 2 a 60 caracteres',
      'RESPONSAVEL_TECNICO_EMAIL deve ser um e-mail de 6 a 60 caracteres',
      'RESPONSAVEL_TECNICO_FONE deve ter de 6 a 14 dígitos',
      'RESPONSAVEL_TECNICO_CSRT_PE deve ser "id:csrt" (idCSRT de 2 dígitos e o CSRT de 16 a 36 letras e dígitos)',
    ]);
  });

  it('a state CSRT goes only into that state issuers notes', () => {
    const c = carregarConfigNfeService({ ...base, RESPONSAVEL_TECNICO_CSRT_PE: '01:G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' });
    expect(responsavelTecnicoDaUf(c.responsavelTecnico, 'PE').csrt).toEqual({ id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' });
    expect(responsavelTecnicoDaUf(c.responsavelTecnico, 'SP').csrt).toBeUndefined();
  });
});
