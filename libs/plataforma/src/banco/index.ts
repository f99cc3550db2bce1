export * from './banco';
export * from './migrar';
