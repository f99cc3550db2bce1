export * from './banco';
export * from './compressao';
export * from './consultas-preparadas';
export * from './migrar';
export * from './lotes-transacionais';
export * from './agrupador';
export * from './insercao';
export * from './pagina';
