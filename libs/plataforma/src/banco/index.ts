export * from './banco';
export * from './compressao';
export * from './consultas-preparadas';
export * from './migrar';
export * from './transacoes-agrupadas';
export * from './agrupador';
export * from './insercao';
export * from './pagina';
