export * from './decimal';
export * from './decimal-fixo';
