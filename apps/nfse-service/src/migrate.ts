import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'nfse-service', schema: 'nfse', entidades: [], migracoes });
