import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'sefaz-adapter', schema: 'sefaz', entidades: [], migracoes }, module);
