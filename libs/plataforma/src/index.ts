export * from './configuracao';
export * from './registro';
export * from './nats';
export * from './banco';
export * from './saude';
export * from './inicializacao';
export * from './metricas';
export * from './caixa-saida';
