// Runs on committed fixtures (see __fixtures__/README.md): the domain may not depend on the test
// generator library. Round trips with freshly generated certificates are tested over there.
import { X509Certificate, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as forge from 'node-forge';
import { ErroCertificado, MotivoErroCertificado, situacaoValidade } from './certificado-a1';
import { cnpjDoCertificado, lerCertificadoPfx } from './ler-certificado-pfx';

const CNPJ = '12345678000195';
const RAZAO = 'EMPRESA TESTE LTDA';
const SENHA = 'senha-de-teste';

const fixture = (nome: string): Buffer => readFileSync(join(__dirname, '__fixtures__', nome));
const pemFixture = (nome: string): string => fixture(nome).toString('utf8');

const AC = pemFixture('ac.crt.pem');
const EMPRESA = pemFixture('empresa.crt.pem');

function motivoDoErro(f: () => unknown): MotivoErroCertificado | 'sem_erro' {
  try {
    f();
    return 'sem_erro';
  } catch (erro) {
    if (erro instanceof ErroCertificado) return erro.motivo;
    throw erro;
  }
}

/** The returned key really is the certificate's: sign with one, verify with the other. */
function chaveConfereComCertificado(chavePrivadaPem: string, certificadoPem: string): boolean {
  const dados = Buffer.from('<infNFe Id="NFe1"/>');
  const assinatura = sign('sha256', dados, createPrivateKey(chavePrivadaPem));
  return verify('sha256', dados, new X509Certificate(certificadoPem).publicKey, assinatura);
}

describe('lerCertificadoPfx', () => {
  describe('formatos', () => {
    it.each([
      ['openssl-padrao.pfx', 'padrão do OpenSSL 3: PBES2/PBKDF2/AES-256-CBC, MAC SHA-256'],
      ['openssl-legado-rc2-40.pfx', 'openssl -legacy: certificados em RC2-40, chave em 3DES'],
      ['openssl-3des.pfx', 'openssl com PBE-SHA1-3DES'],
      ['js-moderno.pfx', 'gerador: moderno'],
      ['js-legado-rc2-40.pfx', 'gerador: RC2-40'],
      ['js-3des.pfx', 'gerador: 3DES'],
      ['js-sem-mac.pfx', 'sem MAC (senha conferida pela decifragem)'],
    ])('lê %s (%s)', (arquivo) => {
      const certificado = lerCertificadoPfx(fixture(arquivo), SENHA);

      expect(certificado.titular).toBe(RAZAO);
      expect(certificado.cnpj).toBe(CNPJ);
      expect(certificado.certificadoPem).toBe(EMPRESA);
      expect(certificado.cadeiaPem).toEqual([AC]);
      expect(certificado.chavePrivadaPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      expect(chaveConfereComCertificado(certificado.chavePrivadaPem, certificado.certificadoPem)).toBe(true);
    });

    it('senha com acentos no padrão do OpenSSL 3 (PBES2 usa UTF-8; o node-forge sozinho não lê)', () => {
      expect(lerCertificadoPfx(fixture('openssl-senha-acentuada.pfx'), 'Certificação').cnpj).toBe(CNPJ);
    });

    it('senha vazia', () => {
      expect(lerCertificadoPfx(fixture('openssl-senha-vazia.pfx'), '').cnpj).toBe(CNPJ);
    });

    it('o arquivo em texto base64, com quebras de linha (como costuma ser guardado)', () => {
      const base64 = fixture('openssl-padrao.pfx').toString('base64').replace(/.{76}/g, '$&\r\n');

      expect(lerCertificadoPfx(Buffer.from(base64), SENHA).cnpj).toBe(CNPJ);
    });

    it('ignora bytes depois do PFX (como o OpenSSL)', () => {
      const comSobra = Buffer.concat([fixture('openssl-padrao.pfx'), Buffer.from('\r\n\0\0')]);
      expect(lerCertificadoPfx(comSobra, SENHA).cnpj).toBe(CNPJ);
    });

    it('o PFX que o node-forge escreve (certificados sem cifra, chave em PBES2 com PRF SHA-1)', () => {
      const original = lerCertificadoPfx(fixture('js-moderno.pfx'), SENHA);
      const asn1 = forge.pkcs12.toPkcs12Asn1(
        forge.pki.privateKeyFromPem(original.chavePrivadaPem),
        [forge.pki.certificateFromPem(AC), forge.pki.certificateFromPem(EMPRESA)],
        SENHA,
        { algorithm: 'aes256' },
      );

      const certificado = lerCertificadoPfx(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), SENHA);

      expect(certificado.certificadoPem).toBe(EMPRESA);
      expect(certificado.cadeiaPem).toEqual([AC]);
    });
  });

  describe('campos', () => {
    it('série, emissor, validade e DER em base64 sem quebras de linha', () => {
      const x509 = new X509Certificate(EMPRESA);

      const certificado = lerCertificadoPfx(fixture('openssl-padrao.pfx'), SENHA);

      expect(certificado.numeroSerie).toBe(x509.serialNumber);
      expect(certificado.emissor).toBe('CN=AC Teste Emissor Fiscal, OU=CERTIFICADO DE TESTE - SEM VALOR JURIDICO, O=ICP-Brasil, C=BR');
      expect(certificado.validoDe).toEqual(new Date('2025-01-01T00:00:00Z'));
      expect(certificado.validoAte).toEqual(new Date('2125-01-01T00:00:00Z')); // GeneralizedTime (after 2049)
      expect(certificado.certificadoDerBase64).not.toMatch(/\s/);
      expect(Buffer.from(certificado.certificadoDerBase64, 'base64').equals(x509.raw)).toBe(true);
    });

    it('a chave é PKCS#8 sem cifra e corresponde ao certificado', () => {
      const { chavePrivadaPem, certificadoPem } = lerCertificadoPfx(fixture('openssl-legado-rc2-40.pfx'), SENHA);

      expect(chavePrivadaPem).not.toContain('ENCRYPTED');
      const daChave = createPublicKey(createPrivateKey(chavePrivadaPem)).export({ type: 'spki', format: 'der' });
      const doCertificado = new X509Certificate(certificadoPem).publicKey.export({ type: 'spki', format: 'der' });
      expect(daChave.equals(doCertificado)).toBe(true);
    });
  });

  describe('erros', () => {
    it.each(['openssl-padrao.pfx', 'openssl-legado-rc2-40.pfx', 'openssl-3des.pfx', 'js-sem-mac.pfx'])(
      'senha errada em %s é senha_invalida',
      (arquivo) => {
        for (const errada of ['outra-senha', '', 'SENHA-DE-TESTE', 'senha-de-teste ']) {
          expect(motivoDoErro(() => lerCertificadoPfx(fixture(arquivo), errada))).toBe('senha_invalida');
        }
      },
    );

    it('a mensagem de erro não contém a senha', () => {
      expect(() => lerCertificadoPfx(fixture('openssl-padrao.pfx'), 'minha-senha-secreta')).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('minha-senha-secreta') }),
      );
    });

    it.each([
      ['bytes aleatórios', randomBytes(2048)],
      ['buffer vazio', Buffer.alloc(0)],
      ['texto qualquer', Buffer.from('isto não é um certificado')],
      ['um PEM de certificado', Buffer.from(EMPRESA)],
      ['base64 inválido', Buffer.from('MIIK$$$não é base64@@@')],
      ['base64 válido de lixo', Buffer.from(`MIIK${randomBytes(300).toString('base64')}`)],
      ['um certificado DER (não PKCS#12)', new X509Certificate(EMPRESA).raw],
      ['uma SEQUENCE DER qualquer', Buffer.from([0x30, 0x03, 0x02, 0x01, 0x03])],
    ])('%s é formato_invalido', (_nome, entrada) => {
      expect(motivoDoErro(() => lerCertificadoPfx(entrada, SENHA))).toBe('formato_invalido');
    });

    it('PFX truncado é formato_invalido', () => {
      const pfx = fixture('openssl-padrao.pfx');
      expect(motivoDoErro(() => lerCertificadoPfx(pfx.subarray(0, pfx.length - 40), SENHA))).toBe('formato_invalido');
      // Cut inside the encrypted content, with the right password: a broken file, not a wrong password
      // (forge's lenient parser read the cut object as far as it went, and the MAC then failed).
      for (const corte of [750, Math.floor(pfx.length / 2), pfx.length - 1])
        expect([corte, motivoDoErro(() => lerCertificadoPfx(pfx.subarray(0, corte), SENHA))]).toEqual([corte, 'formato_invalido']);
    });

    it('PFX sem chave privada é sem_chave_privada', () => {
      expect(motivoDoErro(() => lerCertificadoPfx(fixture('openssl-sem-chave.pfx'), SENHA))).toBe('sem_chave_privada');
    });

    it('PFX sem certificado é sem_certificado', () => {
      expect(motivoDoErro(() => lerCertificadoPfx(fixture('js-sem-certificado.pfx'), SENHA))).toBe('sem_certificado');
    });

    it('chave que não corresponde a nenhum certificado é sem_certificado', () => {
      expect(motivoDoErro(() => lerCertificadoPfx(fixture('js-chave-de-outro.pfx'), SENHA))).toBe('sem_certificado');
    });
  });

  describe('CNPJ e titular', () => {
    it.each(['othername-octet.pfx', 'othername-printable.pfx', 'othername-utf8.pfx'])(
      'vem do otherName 2.16.76.1.3.3 (%s; CN sem sufixo)',
      (arquivo) => {
        const certificado = lerCertificadoPfx(fixture(arquivo), SENHA);

        expect(certificado.cnpj).toBe(CNPJ);
        expect(certificado.titular).toBe(RAZAO);
      },
    );

    it('vem do sufixo :CNPJ do CN quando não há otherName', () => {
      const certificado = lerCertificadoPfx(fixture('cnpj-so-no-cn.pfx'), SENHA);

      expect(certificado.cnpj).toBe(CNPJ);
      expect(certificado.titular).toBe(RAZAO);
    });

    it('aceita o CNPJ alfanumérico', () => {
      expect(lerCertificadoPfx(fixture('cnpj-alfanumerico.pfx'), SENHA).cnpj).toBe('12ABC34501DE35');
    });

    it('é null quando o certificado não traz CNPJ', () => {
      const certificado = lerCertificadoPfx(fixture('sem-cnpj.pfx'), SENHA);

      expect(certificado.cnpj).toBeNull();
      expect(certificado.titular).toBe('FULANO DE TAL');
    });

    it('cnpjDoCertificado lê PEM e DER', () => {
      expect(cnpjDoCertificado(EMPRESA)).toBe(CNPJ);
      expect(cnpjDoCertificado(new X509Certificate(EMPRESA).raw)).toBe(CNPJ);
      expect(cnpjDoCertificado(AC)).toBeNull();
      expect(cnpjDoCertificado('lixo')).toBeNull();
    });
  });

  describe('cadeia', () => {
    it('escolhe o certificado da chave e ordena a cadeia do emissor à raiz, seja qual for a ordem no arquivo', () => {
      // Stored as [raiz, avulsa, folha, intermediária].
      const certificado = lerCertificadoPfx(fixture('cadeia-embaralhada.pfx'), SENHA);

      expect(certificado.certificadoPem).toBe(pemFixture('empresa-intermediaria.crt.pem'));
      expect(certificado.cadeiaPem).toEqual([pemFixture('intermediaria.crt.pem'), AC, pemFixture('avulsa.crt.pem')]);
    });
  });

  describe('validade', () => {
    it('certificado vencido é lido e aparece como expirado', () => {
      const certificado = lerCertificadoPfx(fixture('expirado.pfx'), SENHA);

      expect(certificado.validoAte).toEqual(new Date('2021-01-01T00:00:00Z'));
      expect(situacaoValidade(certificado)).toBe('expirado');
      expect(situacaoValidade(certificado, new Date('2020-06-01T00:00:00Z'))).toBe('valido');
    });

    it('válido e ainda não válido', () => {
      expect(situacaoValidade(lerCertificadoPfx(fixture('openssl-padrao.pfx'), SENHA))).toBe('valido');
      expect(situacaoValidade(lerCertificadoPfx(fixture('futuro.pfx'), SENHA))).toBe('ainda_nao_valido');
    });
  });
});
