export * from './erros-campo';
export * from './cnpj';
export * from './cpf';
export * from './uf';
export * from './chave-acesso';
export * from './documento';
export * from './contato';
export * from './cnae';
