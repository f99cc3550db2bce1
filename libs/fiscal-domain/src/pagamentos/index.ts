export * from './tabelas';
export * from './tipos';
export * from './regra-ceara';
export * from './validar-pagamentos';
export * from './intermediador';
