export * from './servidor-controle';
export * from './servidor-mtls';
export * from './fora-do-ar';
