import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'gateway', schema: 'cadastro', entidades: [], migracoes }, module);
