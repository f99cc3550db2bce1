export * from './metadados-em-cache';
