export * from './saude.controller';
