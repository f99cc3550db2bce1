import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the entity nfe-service's repository reads and writes
import { NotaFiscal } from '../../apps/nfe-service/src/notas/entities/nota-fiscal.entity';

/** A connection to the test system's database (schema `nfe`, the note entity): what nfe-service's note repository needs. */
export const conectarBancoNfe = (): Promise<DataSource> =>
  new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL, schema: 'nfe', entities: [NotaFiscal] }).initialize();
