export * from './cliente';
export * from './erros';
export type { components, paths } from './gerado/api';
