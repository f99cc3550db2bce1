export * from './requisitos-nfe';
export * from './municipio-da-parte';
