import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { cnpjAleatorio, type ContaTeste, certificadoDe, criarConta, criarEmpresa, enviarCertificado, requisitar } from '../support/api';

describe('certificado A1 da empresa', () => {
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    conta = await criarConta();
    cnpj = await criarEmpresa(conta);
  });

  it('PFX moderno válido: 200 com titular, CNPJ e validade com offset', async () => {
    const r = await enviarCertificado(conta, cnpj);
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({
      titular: 'EMPRESA DE TESTE LTDA',
      cnpj,
      valido_de: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
      valido_ate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    const config = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
    expect(config.corpo.requisitos_nfe[2]).toEqual({ descricao: 'Certificado digital A1 válido', atendido: true });
  });

  it('PFX legado RC2-40 (que o OpenSSL 3 recusa) é aceito', async () => {
    const r = await enviarCertificado(conta, cnpj, { formato: 'legado-rc2-40' });
    expect(r.status).toBe(200);
    expect(r.corpo.cnpj).toBe(cnpj);
  });

  it('PFX 3DES é aceito', async () => {
    expect((await enviarCertificado(conta, cnpj, { formato: '3des' })).status).toBe(200);
  });

  it('senha errada: 422', async () => {
    const { pfx } = certificadoDe(cnpj);
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', { credencial: conta.producao, cnpj, corpo: { pfx: pfx.toString('base64'), senha: 'errada' } });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Senha do certificado inválida' });
  });

  it('certificado expirado: 422', async () => {
    const r = await enviarCertificado(conta, cnpj, { expirado: true });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Certificado expirado' });
  });

  it('certificado de outro CNPJ: 422', async () => {
    const { pfx } = certificadoDe(cnpjAleatorio());
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', { credencial: conta.producao, cnpj, corpo: { pfx: pfx.toString('base64'), senha: 'senha-teste' } });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'CNPJ do certificado não corresponde ao da empresa' });
  });

  it('CNPJ só no sufixo do CN também é reconhecido', async () => {
    expect((await enviarCertificado(conta, cnpj, { semOtherNames: true })).status).toBe(200);
  });

  it('arquivo que não é PKCS#12, e corpo sem pfx: 422', async () => {
    const lixo = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
      credencial: conta.producao,
      cnpj,
      corpo: { pfx: Buffer.from('não sou um pfx').toString('base64'), senha: 'x' },
    });
    expect(lixo.status).toBe(422);
    expect(lixo.corpo.error).toMatch(/^Certificado inválido/);
    const semPfx = await requisitar('PUT', '/nfe/v1/empresa/certificado', { credencial: conta.producao, cnpj, corpo: { senha: 'x' } });
    expect(semPfx.status).toBe(422);
    expect(semPfx.corpo).toEqual({ error: 'invalid_params', params: { pfx: ['é obrigatório'] } });
  });

  it('PFX e senha ficam cifrados no banco, e a senha nunca aparece nos logs', async () => {
    const senha = 'senha-unica-que-nao-pode-vazar';
    const { pfx } = certificadoDe(cnpj, { senha });
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', { credencial: conta.producao, cnpj, corpo: { pfx: pfx.toString('base64'), senha } });
    expect(r.status).toBe(200);
    const banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await banco.connect();
    const { rows } = await banco.query(
      'SELECT c.pfx_cifrado, c.senha_cifrada FROM cadastro.certificados c JOIN cadastro.empresas e ON e.id = c.empresa_id WHERE e.cnpj = $1',
      [cnpj],
    );
    await banco.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].pfx_cifrado.includes(pfx.subarray(0, 64))).toBe(false);
    expect(rows[0].senha_cifrada.includes(Buffer.from(senha))).toBe(false);
    // Logs are written asynchronously; give the gateway's last lines a moment to land.
    await new Promise((r) => setTimeout(r, 300));
    const logs = readFileSync(path.join(process.env.E2E_LOGS_DIR!, 'gateway.log'), 'utf8');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(senha);
    expect(logs).not.toContain(pfx.toString('base64').slice(0, 40));
  });
});
