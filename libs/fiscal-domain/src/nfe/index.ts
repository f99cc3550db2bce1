export * from './tipos';
export * from './regras-nota';
export * from './montar-nfe';
export * from './informacoes-complementares';
export * from './nfe-proc';
export * from './inutilizacao';
export * from './evento-cancelamento';
