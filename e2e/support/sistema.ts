import path from 'node:path';

/**
 * The system launcher shared with `npm start` (tools/sistema.cjs, plain CommonJS outside any Nx
 * project), loaded by path so the harness and the start script use the very same code.
 */
export const sistema = require(path.resolve(__dirname, '..', '..', 'tools', 'sistema.cjs'));
