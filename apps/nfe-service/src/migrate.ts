import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'nfe-service', schema: 'nfe', entidades: [], migracoes }, module);
