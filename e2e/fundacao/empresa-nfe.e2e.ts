import { type ContaTeste, criarConta, criarEmpresa, enviarCertificado, requisitar } from '../support/api';

describe('configuração NF-e da empresa', () => {
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    conta = await criarConta();
    cnpj = await criarEmpresa(conta);
  });

  const obter = () => requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
  const alterar = (corpo: object, credencial = conta.producao) => requisitar('PATCH', '/nfe/v1/empresa', { credencial, cnpj, corpo });

  it('padrões: série 1, homologação, requisitos computados (sem certificado: não apta)', async () => {
    const r = await obter();
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({
      cnpj,
      nfe_serie_padrao: 1,
      nfe_ambiente: 'homologacao',
      emite_nfe: false,
      emite_nfe_sandbox: false,
      requisitos_nfe: [
        { descricao: 'Inscrição estadual cadastrada', atendido: true },
        { descricao: 'Regime tributário informado', atendido: true },
        { descricao: 'Certificado digital A1 válido', atendido: false },
      ],
    });
  });

  it('muda a série padrão', async () => {
    const r = await alterar({ nfe_serie_padrao: 3 });
    expect(r.status).toBe(200);
    expect(r.corpo.nfe_serie_padrao).toBe(3);
    expect((await obter()).corpo.nfe_serie_padrao).toBe(3);
  });

  it('valida os campos do PATCH', async () => {
    const r = await alterar({ nfe_ambiente: 'teste', nfe_serie_padrao: -1, outro: true });
    expect(r.status).toBe(422);
    expect(Object.keys(r.corpo.params).sort()).toEqual(['nfe_ambiente', 'nfe_serie_padrao', 'outro']);
  });

  it('produção sem confirmar_producao: 422', async () => {
    const r = await alterar({ nfe_ambiente: 'producao' });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Para mudar o ambiente para produção, envie confirmar_producao: true' });
  });

  it('produção com empresa não apta: 422 Empresa não está apta a emitir NF-e', async () => {
    const r = await alterar({ nfe_ambiente: 'producao', confirmar_producao: true });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Empresa não está apta a emitir NF-e' });
    expect((await obter()).corpo.nfe_ambiente).toBe('homologacao');
  });

  it('credencial sandbox nunca muda o ambiente, mesmo com empresa apta', async () => {
    expect((await enviarCertificado(conta, cnpj)).status).toBe(200);
    for (const corpo of [{ nfe_ambiente: 'producao', confirmar_producao: true }, { nfe_ambiente: 'homologacao' }]) {
      const r = await alterar(corpo, conta.sandbox);
      expect(r.status).toBe(422);
      expect(r.corpo).toEqual({ error: 'Ambiente NF-e não pode ser alterado via credencial sandbox' });
    }
    const serie = await alterar({ nfe_serie_padrao: 4 }, conta.sandbox);
    expect(serie.status).toBe(200);
  });

  it('empresa apta (IE, regime, certificado válido) vai para produção com confirmação, e volta', async () => {
    const apta = await obter();
    expect(apta.corpo.emite_nfe).toBe(true);
    expect(apta.corpo.requisitos_nfe.every((r: { atendido: boolean }) => r.atendido)).toBe(true);
    const producao = await alterar({ nfe_ambiente: 'producao', confirmar_producao: true });
    expect(producao.status).toBe(200);
    expect(producao.corpo.nfe_ambiente).toBe('producao');
    const volta = await alterar({ nfe_ambiente: 'homologacao' });
    expect(volta.corpo.nfe_ambiente).toBe('homologacao');
  });

  it('empresa sem inscrição estadual não está apta', async () => {
    const sem = await criarEmpresa(conta, { inscricao_estadual: undefined });
    const r = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj: sem });
    expect(r.corpo.requisitos_nfe[0]).toEqual({ descricao: 'Inscrição estadual cadastrada', atendido: false });
    expect(r.corpo.emite_nfe).toBe(false);
  });
});
