export * from './registro-metricas';
export * from './catalogo';
export * from './metricas-http';
export * from './metricas.controller';
export * from './profundidade-fila';
