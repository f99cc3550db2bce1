// Test harness shared by unit and integration tests.
export * from './certificados';
export * from './simulador';
export * from './inscricoes-estaduais';
