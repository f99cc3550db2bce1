import 'reflect-metadata';
import { principalMigracao } from '@emissor/plataforma';
import { migracoes } from './migrations';

principalMigracao({ app: 'sefaz-adapter', schema: 'sefaz', entidades: [], migracoes });
