export * from './servidor-controle';
export * from './servidor-mtls';
