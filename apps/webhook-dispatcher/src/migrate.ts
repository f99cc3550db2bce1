import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'webhook-dispatcher', schema: 'webhooks', entidades: [], migracoes });
