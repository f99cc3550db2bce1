export * from './tributos';
export * from './totais';
