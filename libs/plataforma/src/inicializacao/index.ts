export * from './compilador-jit';
export * from './iniciar-aplicacao';
export * from './modulo-servico';
export * from './processo-simples';
export * from './vinculo-contexto';
