export * from './xml-texto';
export * from './soap';
export * from './cstat';
export * from './mensagens';
export * from './verificar-assinatura';
export * from './arvore-xml';
