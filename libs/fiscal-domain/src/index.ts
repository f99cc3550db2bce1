// The fiscal domain: pure rules and documents. No I/O, no Nest, no database (eslint.config.mjs
// enforces it); what it needs from files (XSD texts, root certificates) it takes as arguments.
// Each folder is one concept and exports through its own index.ts.
export * from './identificadores';
export * from './dinheiro';
export * from './datas';
export * from './itens';
export * from './tabelas';
export * from './totais';
export * from './pagamentos';
export * from './nfe';
export * from './eventos';
export * from './contingencia';
export * from './assinatura';
export * from './esquemas';
export * from './certificado';
export * from './empresa';
export * from './sefaz';
export * from './nfse';
