export * from './metadados-em-cache';
export * from './aceite-rapido';
