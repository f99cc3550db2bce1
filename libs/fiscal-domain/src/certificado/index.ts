export * from './certificado-a1';
