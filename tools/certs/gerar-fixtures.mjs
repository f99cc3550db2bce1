#!/usr/bin/env node
// Regenerates the PFX fixtures of libs/fiscal-domain/src/certificado/__fixtures__.
// The domain library may not depend on @emissor/testing (module boundaries), so its reader tests
// run on committed files instead; this script makes them with the test generator and, for the
// "made by OpenSSL" cases, with the openssl CLI (OpenSSL 3 with the legacy provider: on Debian 12
// the `openssl` package). TEST KEYS ONLY.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { carregarGerador, raizRepositorio } from './carregar-gerador.mjs';

const g = carregarGerador();
if (!g.opensslDisponivel()) {
  process.stderr.write('erro: é preciso o openssl 3 no PATH (Debian: apt-get install openssl)\n');
  process.exit(1);
}

const destino = join(raizRepositorio, 'libs/fiscal-domain/src/certificado/__fixtures__');
mkdirSync(destino, { recursive: true });
for (const arquivo of readdirSync(destino)) {
  if (/\.(pfx|pem)$/.test(arquivo)) rmSync(join(destino, arquivo));
}
const gravar = (nome, conteudo) => writeFileSync(join(destino, nome), conteudo);

const SENHA = 'senha-de-teste';
const CNPJ = '12345678000195';
const RAZAO = 'EMPRESA TESTE LTDA';
// Fixed, far-off validity so committed fixtures do not expire under the tests.
const validade = { validoDe: new Date('2025-01-01T00:00:00Z'), validoAte: new Date('2125-01-01T00:00:00Z') };

const ac = g.criarAcTeste({ ...validade, novaChave: true });
const base = { ac, cnpj: CNPJ, razaoSocial: RAZAO, senha: SENHA, ...validade, novaChave: true };
const empresa = g.emitirCertificadoEmpresa(base);
gravar('ac.crt.pem', ac.certificadoPem);
gravar('empresa.crt.pem', empresa.certificadoPem);

// The same certificate and key in every container format.
const mesmoPar = { chavePrivadaPem: empresa.chavePrivadaPem, certificadosPem: [empresa.certificadoPem, ac.certificadoPem] };
gravar('js-moderno.pfx', empresa.pfx);
gravar('js-legado-rc2-40.pfx', g.montarPfx({ ...mesmoPar, senha: SENHA, formato: 'legado-rc2-40' }));
gravar('js-3des.pfx', g.montarPfx({ ...mesmoPar, senha: SENHA, formato: '3des' }));
gravar('js-sem-mac.pfx', g.montarPfx({ ...mesmoPar, senha: SENHA, formato: 'legado-rc2-40', semMac: true }));

const viaOpenssl = { certificadoPem: empresa.certificadoPem, chavePrivadaPem: empresa.chavePrivadaPem, cadeiaPem: [ac.certificadoPem] };
gravar('openssl-padrao.pfx', g.exportarPfxComOpenssl({ ...viaOpenssl, senha: SENHA }));
gravar('openssl-legado-rc2-40.pfx', g.exportarPfxComOpenssl({ ...viaOpenssl, senha: SENHA, formato: 'legado-rc2-40' }));
gravar('openssl-3des.pfx', g.exportarPfxComOpenssl({ ...viaOpenssl, senha: SENHA, formato: '3des' }));
gravar('openssl-senha-vazia.pfx', g.exportarPfxComOpenssl({ ...viaOpenssl, senha: '' }));
gravar('openssl-senha-acentuada.pfx', g.exportarPfxComOpenssl({ ...viaOpenssl, senha: 'Certificação' }));
gravar('openssl-sem-chave.pfx', g.exportarPfxComOpenssl({ certificadoPem: empresa.certificadoPem, senha: SENHA }));

// Missing or mismatched parts.
const outra = g.emitirCertificadoEmpresa({ ...base, razaoSocial: 'OUTRA EMPRESA LTDA' });
gravar('js-sem-certificado.pfx', g.montarPfx({ chavePrivadaPem: empresa.chavePrivadaPem, certificadosPem: [], senha: SENHA }));
gravar(
  'js-chave-de-outro.pfx',
  g.montarPfx({ chavePrivadaPem: outra.chavePrivadaPem, certificadosPem: [empresa.certificadoPem], senha: SENHA }),
);

// Where the CNPJ comes from.
const variante = (nome, opcoes) => gravar(nome, g.emitirCertificadoEmpresa({ ...base, ...opcoes }).pfx);
variante('othername-printable.pfx', { codificacaoOtherName: 'printable-string', semCnpjNoCn: true });
variante('othername-utf8.pfx', { codificacaoOtherName: 'utf8-string', semCnpjNoCn: true });
variante('othername-octet.pfx', { codificacaoOtherName: 'octet-string', semCnpjNoCn: true });
variante('cnpj-so-no-cn.pfx', { semOtherNames: true });
variante('cnpj-alfanumerico.pfx', { cnpj: '12ABC34501DE35' });
variante('sem-cnpj.pfx', { razaoSocial: 'FULANO DE TAL', semOtherNames: true, semCnpjNoCn: true });

// Chain: root -> intermediate -> leaf, stored shuffled together with an unrelated root.
const intermediaria = g.criarAcTeste({ emissora: ac, ...validade, novaChave: true });
const avulsa = g.criarAcTeste({ nome: 'AC Sem Relacao', ...validade, novaChave: true });
const folha = g.emitirCertificadoEmpresa({ ...base, ac: intermediaria });
gravar('intermediaria.crt.pem', intermediaria.certificadoPem);
gravar('avulsa.crt.pem', avulsa.certificadoPem);
gravar('empresa-intermediaria.crt.pem', folha.certificadoPem);
gravar(
  'cadeia-embaralhada.pfx',
  g.montarPfx({
    chavePrivadaPem: folha.chavePrivadaPem,
    certificadosPem: [ac.certificadoPem, avulsa.certificadoPem, folha.certificadoPem, intermediaria.certificadoPem],
    senha: SENHA,
  }),
);

// Validity.
variante('expirado.pfx', { validoDe: new Date('2020-01-01T00:00:00Z'), validoAte: new Date('2021-01-01T00:00:00Z') });
variante('futuro.pfx', { validoDe: new Date('2120-01-01T00:00:00Z'), validoAte: new Date('2121-01-01T00:00:00Z') });

process.stdout.write(`fixtures gravadas em ${destino}\n`);
