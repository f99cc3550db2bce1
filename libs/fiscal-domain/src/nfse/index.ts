export * from './iss';
export * from './situacoes';
export * from './abrasf';
export * from './nacional';
