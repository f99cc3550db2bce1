import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'gateway', schema: 'cadastro', entidades: [], migracoes });
