export * from './iniciar-aplicacao';
export * from './modulo-servico';
