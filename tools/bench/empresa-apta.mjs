// Provisioning the benches and the chaos run share: a random valid CNPJ, and a company of an account
// made apt through the public API (registered in SP, regime normal, with a test-CA certificate).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const sistema = require('../sistema.cjs');

const digito = (base, pesos) => {
  const s = [...base].reduce((t, c, i) => t + Number(c) * pesos[i], 0) % 11;
  return s < 2 ? 0 : 11 - s;
};

/** A random numeric CNPJ (head office) with valid check digits, so runs never collide. */
export function cnpjAleatorio() {
  const base12 = `${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}0001`;
  const d1 = digito(base12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base12 + d1 + digito(base12 + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** The benches' company as the API receives it: registered in SP, regime normal. */
export function dadosEmpresaBench(cnpj, razao) {
  return {
    cnpj,
    razao_social: razao,
    inscricao_estadual: '110042490114',
    regime_tributario: 3,
    endereco: { cep: '01310100', logradouro: 'Av Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', uf: 'SP' },
    codigo_municipio: '3550308',
  };
}

/**
 * Registers a company for the account of `auth` (Basic header) and installs a certificate issued by
 * the test CA in `acDir`. Returns its CNPJ. `http` is a client from cliente-http.mjs.
 */
export async function empresaApta(http, auth, acDir, { razao, senha = 'bench' }) {
  const cnpj = cnpjAleatorio();
  const empresa = dadosEmpresaBench(cnpj, razao);
  const e = await http('POST', '/conta/v1/empresas', empresa, { authorization: auth });
  if (e.status !== 201) throw new Error(`empresa: ${e.status} ${JSON.stringify(e.corpo)}`);
  const pfx = path.join(acDir, `${cnpj}.pfx`);
  execFileSync(process.execPath, [
    path.join(sistema.RAIZ, 'tools', 'certs', 'gerar.mjs'),
    '--cnpj',
    cnpj,
    '--razao',
    razao.toUpperCase(),
    '--senha',
    senha,
    '--saida',
    pfx,
    '--ac-dir',
    acDir,
  ]);
  const c = await http(
    'PUT',
    '/nfe/v1/empresa/certificado',
    { pfx: readFileSync(pfx).toString('base64'), senha },
    { authorization: auth, 'x-empresa-cnpj': cnpj },
  );
  if (c.status !== 200) throw new Error(`certificado: ${c.status} ${JSON.stringify(c.corpo)}`);
  return cnpj;
}
