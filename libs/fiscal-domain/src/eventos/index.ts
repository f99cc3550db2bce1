export * from './tipos-evento';
export * from './montar-evento';
export * from './carta-correcao';
