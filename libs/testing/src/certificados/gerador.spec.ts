import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { RequestOptions, createServer, request } from 'node:https';
import { AddressInfo } from 'node:net';
import { TLSSocket, checkServerIdentity } from 'node:tls';
import {
  AcTeste,
  NOME_AC_TESTE,
  criarAcTeste,
  emitirCertificadoEmpresa,
  emitirCertificadoServidor,
  gerarChaveRsa,
  lerCertificadoPfx,
  situacaoValidade,
} from '@emissor/fiscal-domain';
import {
  descreverPfxComOpenssl,
  exportarPfxComOpenssl,
  extrairPfxComOpenssl,
  opensslDisponivel,
  verificarCadeiaComOpenssl,
} from './openssl-cli';

const CNPJ = '12345678000195';
const SENHA = '1234';

function spki(pem: string): Buffer {
  return createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'der' });
}

describe('certificados de teste', () => {
  let ac: AcTeste;

  beforeAll(() => {
    ac = criarAcTeste();
  });

  it('a AC de teste é raiz autoassinada com CA:TRUE', () => {
    const x509 = new X509Certificate(ac.certificadoPem);

    expect(x509.ca).toBe(true);
    expect(x509.subject).toContain(`CN=${NOME_AC_TESTE}`);
    expect(x509.checkIssued(x509)).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(ac.chavePrivadaPem))).toBe(true);
    expect(ac.cadeiaPem).toEqual([]);
  });

  it('o e-CNPJ tem o leiaute do ICP-Brasil e é assinado pela AC', () => {
    const emitido = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'EMPRESA TESTE LTDA', senha: SENHA });
    const x509 = new X509Certificate(emitido.certificadoPem);

    expect(x509.subject).toContain('CN=EMPRESA TESTE LTDA:12345678000195');
    expect(x509.subject).toContain('O=ICP-Brasil');
    expect(x509.subject).toContain('OU=RFB e-CNPJ A1');
    expect(x509.ca).toBe(false);
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2', '1.3.6.1.5.5.7.3.4']); // Node names it keyUsage; it is the EKU
    expect(x509.checkIssued(new X509Certificate(ac.certificadoPem))).toBe(true);
    expect(x509.verify(new X509Certificate(ac.certificadoPem).publicKey)).toBe(true);
    expect((x509.publicKey.asymmetricKeyDetails ?? {}).modulusLength).toBe(2048);
    expect(emitido.cadeiaPem).toEqual([ac.certificadoPem]);
  });

  it('expirado: a validade terminou ontem', () => {
    const emitido = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'VENCIDA LTDA', senha: SENHA, expirado: true });
    const validoAte = new Date(new X509Certificate(emitido.certificadoPem).validTo).getTime();

    const dia = 24 * 60 * 60 * 1000;
    expect(Date.now() - validoAte).toBeGreaterThan(dia - 60_000);
    expect(Date.now() - validoAte).toBeLessThan(dia + 60_000);
  });

  it('o certificado de servidor tem serverAuth e os hosts no subjectAltName', () => {
    const servidor = emitirCertificadoServidor({ ac, hosts: ['sefaz.localhost', '127.0.0.1', '::1'] });
    const x509 = new X509Certificate(servidor.certificadoPem);

    expect(x509.subject).toContain('CN=sefaz.localhost');
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(x509.subjectAltName).toBe('DNS:sefaz.localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(x509.checkHost('sefaz.localhost')).toBe('sefaz.localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.verify(new X509Certificate(ac.certificadoPem).publicKey)).toBe(true);
  });

  it('rejeita CNPJ fora do formato', () => {
    expect(() => emitirCertificadoEmpresa({ ac, cnpj: '123', razaoSocial: 'X', senha: SENHA })).toThrow(/CNPJ/);
  });

  it('chaves: folha e AC nunca compartilham chave; novaChave gera outra', () => {
    const a = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'A', senha: SENHA });
    const b = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'B', senha: SENHA });
    const nova = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'C', senha: SENHA, novaChave: true });

    expect(spki(a.chavePrivadaPem).equals(spki(ac.chavePrivadaPem))).toBe(false);
    expect(spki(a.chavePrivadaPem).equals(spki(b.chavePrivadaPem))).toBe(false);
    expect(spki(nova.chavePrivadaPem).equals(spki(a.chavePrivadaPem))).toBe(false);
  });

  it('gera chave RSA 2048 com o crypto do Node em tempo razoável', () => {
    const inicio = process.hrtime.bigint();
    gerarChaveRsa();
    const ms = Number(process.hrtime.bigint() - inicio) / 1e6;
    expect(ms).toBeLessThan(5_000); // typically ~100 ms; the bound only catches a pure-JS regression
  });

  const comOpenssl = opensslDisponivel() ? describe : describe.skip;
  comOpenssl('interoperabilidade com o OpenSSL 3', () => {
    it.each([
      ['moderno', false, ['PBES2, PBKDF2, AES-256-CBC', 'MAC: sha256']],
      ['legado-rc2-40', true, ['pbeWithSHA1And40BitRC2-CBC', 'Shrouded Keybag: pbeWithSHA1And3-KeyTripleDES-CBC', 'MAC: sha1']],
      ['3des', false, ['PKCS7 Encrypted data: pbeWithSHA1And3-KeyTripleDES-CBC', 'MAC: sha1']],
    ] as const)('o PFX %s usa os algoritmos esperados e o OpenSSL o abre', (formato, legado, esperados) => {
      const emitido = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'EMPRESA', senha: 'Senhação', formato });

      const info = descreverPfxComOpenssl(emitido.pfx, 'Senhação', legado);
      for (const trecho of esperados) expect(info).toContain(trecho);

      const extraido = extrairPfxComOpenssl(emitido.pfx, 'Senhação', legado);
      expect(extraido.chavePrivadaPem).not.toBeNull();
      expect(spki(extraido.chavePrivadaPem!).equals(spki(emitido.chavePrivadaPem))).toBe(true);
      expect(extraido.certificadosPem).toEqual([emitido.certificadoPem, ac.certificadoPem]);
    });

    it('o legado é mesmo RC2-40: o OpenSSL 3 o recusa sem -legacy', () => {
      const { pfx } = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'E', senha: SENHA, formato: 'legado-rc2-40' });
      expect(() => descreverPfxComOpenssl(pfx, SENHA)).toThrow(/unsupported|RC2/i);
    });

    it('openssl verify aceita e-CNPJ, servidor e cadeia com intermediária', () => {
      const intermediaria = criarAcTeste({ emissora: ac });
      const empresa = emitirCertificadoEmpresa({ ac: intermediaria, cnpj: CNPJ, razaoSocial: 'E', senha: SENHA });
      const servidor = emitirCertificadoServidor({ ac });

      expect(verificarCadeiaComOpenssl(empresa.certificadoPem, ac.certificadoPem, [intermediaria.certificadoPem])).toMatch(/OK/);
      expect(verificarCadeiaComOpenssl(servidor.certificadoPem, ac.certificadoPem)).toMatch(/OK/);
      expect(empresa.cadeiaPem).toEqual([intermediaria.certificadoPem, ac.certificadoPem]);
    });
  });

  describe('ida e volta com lerCertificadoPfx (@emissor/fiscal-domain)', () => {
    it.each(['moderno', 'legado-rc2-40', '3des'] as const)('formato %s, senha com acentos', (formato) => {
      const senha = 'Senhação 1º';
      const emitido = emitirCertificadoEmpresa({ ac, cnpj: '12ABC34501DE35', razaoSocial: 'ALFA LTDA', senha, formato });

      const lido = lerCertificadoPfx(emitido.pfx, senha);

      expect(lido.cnpj).toBe('12ABC34501DE35');
      expect(lido.titular).toBe('ALFA LTDA');
      expect(lido.certificadoPem).toBe(emitido.certificadoPem);
      expect(lido.cadeiaPem).toEqual([ac.certificadoPem]);
      expect(spki(lido.chavePrivadaPem).equals(spki(emitido.chavePrivadaPem))).toBe(true);
      expect(situacaoValidade(lido)).toBe('valido');
      expect(() => lerCertificadoPfx(emitido.pfx, 'errada')).toThrow(expect.objectContaining({ motivo: 'senha_invalida' }));
    });

    it('expirado: true é lido como expirado', () => {
      const emitido = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'V', senha: SENHA, expirado: true });
      expect(situacaoValidade(lerCertificadoPfx(emitido.pfx, SENHA))).toBe('expirado');
    });

    (opensslDisponivel() ? it : it.skip)('o que o OpenSSL 3 exporta agora (padrão e -legacy) também é lido', () => {
      const emitido = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'E', senha: SENHA });
      for (const formato of ['padrao', 'legado-rc2-40', '3des'] as const) {
        const pfx = exportarPfxComOpenssl({ ...emitido, cadeiaPem: [ac.certificadoPem], senha: 'Certificação', formato });
        expect(lerCertificadoPfx(pfx, 'Certificação').certificadoPem).toBe(emitido.certificadoPem);
      }
    });
  });

  describe('TLS', () => {
    it('servidor em localhost e 127.0.0.1 com TLS mútuo usando o PFX do e-CNPJ como cliente', async () => {
      const servidor = emitirCertificadoServidor({ ac, hosts: ['localhost', '127.0.0.1', '::1'] });
      const cliente = emitirCertificadoEmpresa({ ac, cnpj: CNPJ, razaoSocial: 'CLIENTE LTDA', senha: SENHA });
      const https = createServer(
        {
          key: servidor.chavePrivadaPem,
          cert: servidor.certificadoPem,
          ca: ac.certificadoPem,
          requestCert: true,
          rejectUnauthorized: true,
        },
        (req, res) => {
          const par = (req.socket as TLSSocket).getPeerCertificate();
          res.end(par.subject.CN);
        },
      );
      await new Promise<void>((ok) => https.listen(0, '127.0.0.1', ok));
      const porta = (https.address() as AddressInfo).port;
      const chamar = (extra: RequestOptions = {}): Promise<string> =>
        new Promise((ok, falha) => {
          const opcoes = { host: '127.0.0.1', port: porta, ca: ac.certificadoPem, pfx: cliente.pfx, passphrase: SENHA };
          const req = request({ ...opcoes, ...extra }, (res) => {
            let corpo = '';
            res.on('data', (d) => (corpo += d));
            res.on('end', () => ok(corpo));
          });
          req.on('error', falha);
          req.end();
        });
      try {
        // Identity checked against the IP SAN...
        expect(await chamar()).toBe(`CLIENTE LTDA:${CNPJ}`);
        // ...and against the DNS SAN, dialling the IP so resolution of "localhost" does not matter.
        const comoLocalhost = await chamar({
          servername: 'localhost',
          checkServerIdentity: (_host, certificado) => checkServerIdentity('localhost', certificado),
        });
        expect(comoLocalhost).toBe(`CLIENTE LTDA:${CNPJ}`);
        // A client without a certificate is refused by the server.
        await expect(chamar({ pfx: undefined, passphrase: undefined })).rejects.toThrow();
      } finally {
        await new Promise((ok) => https.close(ok));
      }
    });

    it('um cliente que não confia na AC de teste é recusado', async () => {
      const servidor = emitirCertificadoServidor({ ac });
      const outraAc = criarAcTeste({ nome: 'Outra AC' });
      const https = createServer({ key: servidor.chavePrivadaPem, cert: servidor.certificadoPem }, (_req, res) => res.end());
      await new Promise<void>((ok) => https.listen(0, '127.0.0.1', ok));
      const porta = (https.address() as AddressInfo).port;
      try {
        await expect(
          new Promise((ok, falha) => {
            const req = request({ host: '127.0.0.1', port: porta, ca: outraAc.certificadoPem }, ok);
            req.on('error', falha);
            req.end();
          }),
        ).rejects.toThrow(/certificate/i);
      } finally {
        await new Promise((ok) => https.close(ok));
      }
    });
  });
});
