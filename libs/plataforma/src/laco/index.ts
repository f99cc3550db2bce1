export * from './despertador';
