export * from './iss';
export * from './incidencia';
export * from './situacoes';
export * from './abrasf';
export * from './nacional';
