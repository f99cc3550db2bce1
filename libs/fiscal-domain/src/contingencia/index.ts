export * from './svc';
