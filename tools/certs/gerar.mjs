#!/usr/bin/env node
// Writes a TEST e-CNPJ A1 certificate (PFX) signed by a local test CA. Runs straight from the
// TypeScript sources, no build needed (see carregar-gerador.mjs).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { carregarGerador, raizRepositorio } from './carregar-gerador.mjs';

const AJUDA = `Uso: node tools/certs/gerar.mjs --cnpj <CNPJ> --razao "<RAZÃO SOCIAL>" --senha <senha> --saida <arquivo.pfx> [opções]

Gera um certificado e-CNPJ A1 de TESTE (sem valor jurídico), assinado por uma AC de teste local.

  --cnpj <CNPJ>         14 posições (numérico ou alfanumérico); pontuação é ignorada
  --razao <texto>       razão social (vai no CN como "RAZÃO:CNPJ")
  --senha <senha>       senha do PFX
  --saida <arquivo>     onde gravar o PFX
  --expirado            validade terminada ontem
  --legado              PFX legado: certificados em RC2-40, chave em 3DES, MAC SHA-1
                        (o OpenSSL 3 só o abre com -legacy)
  --formato <f>         moderno (padrão) | legado-rc2-40 | 3des
  --pem                 grava também <saida>.crt.pem e <saida>.key.pem
  --ac-dir <pasta>      AC de teste a criar ou reutilizar (padrão: .data/ac-teste na raiz do repositório)
  -h, --help            esta ajuda`;

function falhar(mensagem) {
  process.stderr.write(`erro: ${mensagem}\n\n${AJUDA}\n`);
  process.exit(2);
}

let argumentos;
try {
  ({ values: argumentos } = parseArgs({
    options: {
      cnpj: { type: 'string' },
      razao: { type: 'string' },
      senha: { type: 'string' },
      saida: { type: 'string' },
      expirado: { type: 'boolean', default: false },
      legado: { type: 'boolean', default: false },
      formato: { type: 'string' },
      pem: { type: 'boolean', default: false },
      'ac-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (erro) {
  falhar(erro.message);
}

if (argumentos.help) {
  process.stdout.write(`${AJUDA}\n`);
  process.exit(0);
}
for (const obrigatorio of ['cnpj', 'razao', 'senha', 'saida']) {
  if (argumentos[obrigatorio] === undefined) falhar(`--${obrigatorio} é obrigatório`);
}
if (argumentos.legado && argumentos.formato && argumentos.formato !== 'legado-rc2-40') {
  falhar('--legado e --formato são contraditórios');
}
const formato = argumentos.legado ? 'legado-rc2-40' : (argumentos.formato ?? 'moderno');
if (!['moderno', 'legado-rc2-40', '3des'].includes(formato)) falhar(`formato desconhecido: ${formato}`);

const certificados = carregarGerador();

const diretorioAc = argumentos['ac-dir'] ? resolve(argumentos['ac-dir']) : join(raizRepositorio, '.data/ac-teste');
const saida = resolve(argumentos.saida);

let emitido;
let ac;
try {
  ac = certificados.carregarOuCriarAcTeste(diretorioAc);
  emitido = certificados.emitirCertificadoEmpresa({
    ac,
    cnpj: argumentos.cnpj,
    razaoSocial: argumentos.razao,
    senha: argumentos.senha,
    expirado: argumentos.expirado,
    formato,
  });
} catch (erro) {
  falhar(erro.message);
}

certificados.gravarArquivo(saida, emitido.pfx, true);
if (argumentos.pem) {
  certificados.gravarArquivo(`${saida}.crt.pem`, emitido.certificadoPem);
  certificados.gravarArquivo(`${saida}.key.pem`, emitido.chavePrivadaPem, true);
}

const resumo = certificados.resumoCertificado(emitido.certificadoPem);
const linhas = [
  `PFX de teste gravado em ${saida} (formato ${formato})`,
  `  titular:  ${resumo.sujeito.split('\n').find((l) => l.startsWith('CN=')) ?? ''}`,
  `  validade: até ${resumo.validoAte.toISOString()}${argumentos.expirado ? ' (expirado)' : ''}`,
  `  AC teste: ${join(diretorioAc, certificados.ARQUIVO_CERTIFICADO_AC)}${ac.criada ? ' (criada agora)' : ' (reutilizada)'}`,
];
if (argumentos.pem) linhas.push(`  PEM:      ${saida}.crt.pem, ${saida}.key.pem`);
process.stdout.write(`${linhas.join('\n')}\n`);
