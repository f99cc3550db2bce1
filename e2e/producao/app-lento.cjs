// A service with one slow HTTP route and one slow NATS handler, started through the platform's
// real start-up path (iniciarAplicacao + moduloServico, compiled in dist/), so the shutdown test
// exercises exactly what every app does on SIGTERM. Plain CommonJS: decorators applied by hand.
'use strict';
require('reflect-metadata');
const path = require('node:path');
const { Controller, Get, Module } = require('@nestjs/common');
const { MessagePattern } = require('@nestjs/microservices');
const plataforma = require(path.join(__dirname, '..', '..', 'dist', 'libs', 'plataforma', 'src'));

const ESPERA_MS = Number(process.env.ESPERA_MS || 1500);
const dormir = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Lento {
  async http() {
    await dormir(ESPERA_MS);
    return { ok: true };
  }
  async rpc(dados) {
    await dormir(ESPERA_MS);
    return { eco: dados };
  }
}
Controller('lento')(Lento);
Get()(Lento.prototype, 'http', Object.getOwnPropertyDescriptor(Lento.prototype, 'http'));
MessagePattern(`${process.env.NATS_NAMESPACE}.teste.lento`)(
  Lento.prototype,
  'rpc',
  Object.getOwnPropertyDescriptor(Lento.prototype, 'rpc'),
);

class ModuloLento {}
Module({ controllers: [Lento] })(ModuloLento);
class AppLento {}
Module({})(AppLento);

void plataforma.iniciarAplicacao({
  app: 'app-lento',
  criarModulo: () =>
    plataforma.moduloServico(AppLento, {
      app: 'app-lento',
      natsUrl: process.env.NATS_URL,
      banco: { app: 'app-lento', url: process.env.DATABASE_URL, schema: 'public', entidades: [], migracoes: [] },
      imports: [ModuloLento],
    }),
  nats: () => ({ url: process.env.NATS_URL, filaGrupo: 'app-lento' }),
  portaHttp: () => Number(process.env.PORT),
});
