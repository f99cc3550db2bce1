import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { criarAcTeste, emitirCertificadoEmpresa, montarPfx } from '@emissor/testing';
import {
  cnpjAleatorio,
  type ContaTeste,
  certificadoDe,
  criarConta,
  criarEmpresa,
  criarNotaAutorizada,
  enviarCertificado,
  notaValida,
  requisitar,
  usarSistema,
} from '../support/api';
import { iniciarSistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

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
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
      credencial: conta.producao,
      cnpj,
      corpo: { pfx: pfx.toString('base64'), senha: 'errada' },
    });
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
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
      credencial: conta.producao,
      cnpj,
      corpo: { pfx: pfx.toString('base64'), senha: 'senha-teste' },
    });
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
    const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
      credencial: conta.producao,
      cnpj,
      corpo: { pfx: pfx.toString('base64'), senha },
    });
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
    await dormir(300);
    const logs = readFileSync(path.join(process.env.E2E_LOGS_DIR!, 'gateway.log'), 'utf8');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(senha);
    expect(logs).not.toContain(pfx.toString('base64').slice(0, 40));
  });

  describe('cadeia ICP-Brasil (decisions §11)', () => {
    const FORA_ICP = { error: 'Certificado não emitido por autoridade certificadora da ICP-Brasil' };
    const enviarPfx = (pfx: Buffer, senha = 'senha-teste') =>
      requisitar('PUT', '/nfe/v1/empresa/certificado', { credencial: conta.producao, cnpj, corpo: { pfx: pfx.toString('base64'), senha } });

    it('certificado de uma AC que não é a ICP-Brasil nem a AC de teste da implantação: 422', async () => {
      const outraAc = criarAcTeste({ nome: 'AC Propria do Integrador', novaChave: true });
      const { pfx } = emitirCertificadoEmpresa({ ac: outraAc, cnpj, razaoSocial: 'EMPRESA DE TESTE LTDA', senha: 'senha-teste' });
      expect(await enviarPfx(pfx)).toMatchObject({ status: 422, corpo: FORA_ICP });
    });

    it('certificado autoassinado: 422', async () => {
      const propria = criarAcTeste({ nome: `EMPRESA DE TESTE LTDA:${cnpj}`, novaChave: true });
      const pfx = montarPfx({ chavePrivadaPem: propria.chavePrivadaPem, certificadosPem: [propria.certificadoPem], senha: 'senha-teste' });
      expect(await enviarPfx(pfx)).toMatchObject({ status: 422, corpo: FORA_ICP });
    });

    it('o certificado recusado não substitui o que a empresa já tinha', async () => {
      expect((await enviarCertificado(conta, cnpj)).status).toBe(200);
      const outraAc = criarAcTeste({ nome: 'AC Qualquer', novaChave: true });
      const { pfx } = emitirCertificadoEmpresa({ ac: outraAc, cnpj, razaoSocial: 'OUTRA', senha: 'senha-teste' });
      expect((await enviarPfx(pfx)).status).toBe(422);
      const config = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
      expect(config.corpo.emite_nfe).toBe(true);
    });

    it('PFX com senha ou base64 malformados: 4xx com mensagem clara', async () => {
      const { pfx } = certificadoDe(cnpj);
      const semSenha = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
        credencial: conta.producao,
        cnpj,
        corpo: { pfx: pfx.toString('base64') },
      });
      expect([semSenha.status, semSenha.corpo.params]).toEqual([422, { senha: ['é obrigatório'] }]);
      const senhaNumero = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
        credencial: conta.producao,
        cnpj,
        corpo: { pfx: pfx.toString('base64'), senha: 1234 },
      });
      expect(senhaNumero.status).toBe(422);
      const base64Ruim = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
        credencial: conta.producao,
        cnpj,
        corpo: { pfx: '%%%não é base64', senha: 'x' },
      });
      expect([base64Ruim.status, base64Ruim.corpo.params]).toEqual([422, { pfx: ['deve ser o arquivo PFX em base64'] }]);
      const truncado = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
        credencial: conta.producao,
        cnpj,
        corpo: { pfx: pfx.subarray(0, 200).toString('base64'), senha: 'senha-teste' },
      });
      expect(truncado.status).toBe(422);
      expect(typeof truncado.corpo.error).toBe('string');
    });
  });

  it('certificado a menos de 30 dias do fim: aceito, empresa apta, e requisitos_nfe avisa no texto', async () => {
    const validoAte = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    const r = await enviarCertificado(conta, cnpj, { validoAte });
    expect(r.status).toBe(200);
    const config = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
    expect(config.corpo.emite_nfe).toBe(true);
    expect(config.corpo.requisitos_nfe).toHaveLength(3);
    expect(config.corpo.requisitos_nfe[2]).toEqual({
      descricao: expect.stringMatching(
        /^Certificado digital A1 válido \(atenção: vence em (9|10) dias, em \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00; envie um novo certificado\)$/,
      ),
      atendido: true,
    });
    // A certificate with plenty of time left: the usual text again.
    expect((await enviarCertificado(conta, cnpj)).status).toBe(200);
    const depois = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
    expect(depois.corpo.requisitos_nfe[2]).toEqual({ descricao: 'Certificado digital A1 válido', atendido: true });
  });

  describe('POST /nfe/v1/empresa/certificado/teste', () => {
    it('emite e instala um A1 de teste da AC da implantação: empresa apta e nota autorizada', async () => {
      const c = await criarConta();
      const cnpjNovo = await criarEmpresa(c);
      const antes = await requisitar('GET', '/nfe/v1/empresa', { credencial: c.producao, cnpj: cnpjNovo });
      expect(antes.corpo.emite_nfe).toBe(false);
      // No body: a field a client thinks it sets is refused, not ignored; `{}`, what many clients send, is none.
      const teste = (corpo?: unknown) =>
        requisitar('POST', '/nfe/v1/empresa/certificado/teste', { credencial: c.producao, cnpj: cnpjNovo, corpo });
      expect(await teste({ validade_dias: 365 })).toMatchObject({
        status: 422,
        corpo: { error: 'invalid_params', params: { validade_dias: ['propriedade não permitida'] } },
      });
      expect(await teste([])).toMatchObject({
        status: 422,
        corpo: { error: 'invalid_params', params: { corpo: ['esta rota não recebe corpo'] } },
      });
      expect((await requisitar('GET', '/nfe/v1/empresa', { credencial: c.producao, cnpj: cnpjNovo })).corpo.emite_nfe).toBe(false);
      const r = await teste({});
      expect(r.status).toBe(200);
      expect(r.corpo).toEqual({
        titular: 'EMPRESA DE TESTE LTDA',
        cnpj: cnpjNovo,
        valido_de: expect.stringMatching(/-03:00$/),
        valido_ate: expect.stringMatching(/-03:00$/),
      });
      const depois = await requisitar('GET', '/nfe/v1/empresa', { credencial: c.producao, cnpj: cnpjNovo });
      expect(depois.corpo.emite_nfe).toBe(true);
      expect(depois.corpo.requisitos_nfe.every((req: { atendido: boolean }) => req.atendido)).toBe(true);
      const nota = await criarNotaAutorizada(c, cnpjNovo, notaValida());
      expect(nota.situacao).toBe('autorizada');
      // The sandbox credential may use it too (sandbox notes are signed with the same certificate).
      const sandbox = await requisitar('POST', '/nfe/v1/empresa/certificado/teste', { credencial: c.sandbox, cnpj: cnpjNovo });
      expect(sandbox.status).toBe(200);
    });

    it('sem credenciais: 401; empresa de outra conta: 404', async () => {
      expect((await requisitar('POST', '/nfe/v1/empresa/certificado/teste', { cnpj })).status).toBe(401);
      const outra = await criarConta();
      const r = await requisitar('POST', '/nfe/v1/empresa/certificado/teste', { credencial: outra.producao, cnpj });
      expect([r.status, r.corpo]).toEqual([404, { error: 'Empresa não encontrada' }]);
    });

    it('onde SEFAZ_MODE=soap: 404 Recurso não encontrado, e só as raízes ICP-Brasil valem no envio', async () => {
      const iso = await iniciarSistemaIsolado({ prefixo: 'soap', apps: ['gateway'], env: { SEFAZ_MODE: 'soap' } });
      const voltar = usarSistema(iso);
      try {
        const c = await criarConta();
        const cnpjSoap = await criarEmpresa(c);
        // The route is not there, body or not.
        for (const corpo of [undefined, { validade_dias: 365 }]) {
          const r = await requisitar('POST', '/nfe/v1/empresa/certificado/teste', { credencial: c.producao, cnpj: cnpjSoap, corpo });
          expect([r.status, r.corpo]).toEqual([404, { error: 'Recurso não encontrado' }]);
        }
        // The deployment's test CA is not trusted where the real SEFAZ is used.
        const cert = await enviarCertificado(c, cnpjSoap);
        expect([cert.status, cert.corpo]).toEqual([422, { error: 'Certificado não emitido por autoridade certificadora da ICP-Brasil' }]);
      } finally {
        voltar();
        await iso.parar();
      }
    }, 300_000);
  });
});
