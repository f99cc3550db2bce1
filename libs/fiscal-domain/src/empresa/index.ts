export * from './requisitos-nfe';
