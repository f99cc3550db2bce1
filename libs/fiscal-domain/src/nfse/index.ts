export * from './iss';
export * from './incidencia';
export * from './retencao';
export * from './situacoes';
export * from './abrasf';
export * from './nacional';
