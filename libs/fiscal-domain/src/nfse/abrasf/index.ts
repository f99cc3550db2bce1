export * from './constantes';
export * from './tipos';
export * from './estrutura';
export * from './montar';
export * from './ler';
export * from './respostas';
export * from './soap';
