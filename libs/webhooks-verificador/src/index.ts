export * from './verificador';
