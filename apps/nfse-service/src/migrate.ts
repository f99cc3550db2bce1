import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'nfse-service', schema: 'nfse', entidades: [], migracoes }, module);
