export * from './c14n';
export * from './assinar-xml';
