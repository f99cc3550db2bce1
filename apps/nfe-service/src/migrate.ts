import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'nfe-service', schema: 'nfe', entidades: [], migracoes });
