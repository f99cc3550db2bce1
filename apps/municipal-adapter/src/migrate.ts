import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'municipal-adapter', schema: 'municipal', entidades: [], migracoes }, module);
