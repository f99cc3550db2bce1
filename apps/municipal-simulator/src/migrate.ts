import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'municipal-simulator', schema: 'municipal_simulador', entidades: [], migracoes });
