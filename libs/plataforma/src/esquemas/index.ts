export * from './carregar-esquemas';
export * from './validador-xsd';
