// node tools/build.mjs && node tools/bench/validacao/run.cjs [repeticoes]
// CPU per validation of a 10-item NF-e body against the gateway's CriarNotaDto (plainToInstance +
// class-validator with the pipe's options), first with class-validator's own rule lookup, then with
// the lookup kept per class (ativarCacheDeMetadadosDeValidacao), then as the pipe does it now (the
// same rules answered yes/no by semProblemasDeValidacao, class-validator only for a body it does not
// settle), in one process: the ratios are fair on a noisy machine. Prints ms of CPU per validation.
'use strict';
require('reflect-metadata');
const path = require('node:path');
const dist = path.resolve(__dirname, '..', '..', '..', 'dist');
const { plainToInstance } = require('class-transformer');
const { getMetadataStorage, validate } = require('class-validator');
const { CriarNotaDto } = require(path.join(dist, 'apps/gateway/src/nfe/dto/nota.dto.js'));
const { notaBench } = require('../nota-bench.cjs');
const { ativarCacheDeMetadadosDeValidacao } = require(path.join(dist, 'libs/plataforma/src/validacao/metadados-em-cache.js'));
const { semProblemasDeValidacao } = require(path.join(dist, 'libs/plataforma/src/validacao/aceite-rapido.js'));

const REPETICOES = Number(process.argv[2] ?? 4000);
const nota = (i) => notaBench(`B-${i}`);
// The gateway pipe's options (apps/gateway/src/http/validacao/validacao.pipe.ts).
const opcoes = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
};
/** What the gateway's pipe does with a body (validacao.pipe.ts): the fast verdict, class-validator if unsettled. */
async function comoOPipe(instancia) {
  if (semProblemasDeValidacao(instancia, { proibirDesconhecidas: true })) return [];
  return validate(instancia, opcoes);
}
async function medir(validar = (instancia) => validate(instancia, opcoes)) {
  for (let i = 0; i < REPETICOES / 2; i++) await validar(plainToInstance(CriarNotaDto, nota(i))); // JIT
  const inicio = process.cpuUsage();
  for (let i = 0; i < REPETICOES; i++) {
    const erros = await validar(plainToInstance(CriarNotaDto, nota(i)));
    if (erros.length) throw new Error(`nota de exemplo recusada: ${JSON.stringify(erros[0].constraints)}`);
  }
  const u = process.cpuUsage(inicio);
  return (u.user + u.system) / 1000 / REPETICOES;
}

(async () => {
  // The lib turns the cache on when it loads (the DTOs import it): it patches the storage instance,
  // so removing the instance's own methods brings class-validator's back for the first measure.
  ativarCacheDeMetadadosDeValidacao();
  const armazem = getMetadataStorage();
  const emCache = { getTargetValidationMetadatas: armazem.getTargetValidationMetadatas, groupByPropertyName: armazem.groupByPropertyName };
  delete armazem.getTargetValidationMetadatas;
  delete armazem.groupByPropertyName;
  const sem = await medir();
  Object.assign(armazem, emCache);
  const com = await medir();
  const pipe = await medir(comoOPipe);
  console.log(
    `Validação do corpo de uma NF-e de 10 itens (CriarNotaDto), ${REPETICOES} repetições, CPU por validação (com plainToInstance):`,
  );
  console.log(`  class-validator como vem:           ${sem.toFixed(3)} ms`);
  console.log(`  com as regras guardadas por classe: ${com.toFixed(3)} ms (${(sem / com).toFixed(2)}x mais rápido)`);
  console.log(`  como o pipe faz (veredito rápido):  ${pipe.toFixed(3)} ms (${(com / pipe).toFixed(2)}x mais rápido que a linha de cima)`);
})();
