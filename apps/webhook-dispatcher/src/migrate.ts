import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'webhook-dispatcher', schema: 'webhooks', entidades: [], migracoes }, module);
