import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'municipal-simulator', schema: 'municipal_simulador', entidades: [], migracoes }, module);
