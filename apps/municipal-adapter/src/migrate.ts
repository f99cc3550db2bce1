import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'municipal-adapter', schema: 'municipal', entidades: [], migracoes });
