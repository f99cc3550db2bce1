export * from './pacote-esquemas';
export * from './validador-xsd';
