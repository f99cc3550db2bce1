import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

export const migracao = principalMigracao({ app: 'sefaz-simulator', schema: 'sefaz_simulador', entidades: [], migracoes }, module);
