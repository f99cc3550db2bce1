export * from './data-sefaz';
