export * from './banco';
export * from './migrar';
export * from './transacoes-agrupadas';
export * from './pagina';
