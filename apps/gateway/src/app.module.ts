import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModuloMetricas, ModuloNats, opcoesTypeOrm, SaudeController } from '@emissor/plataforma';
import { AutenticacaoGuard } from './autenticacao/autenticacao.guard';
import { CertificadosModule } from './certificados/certificados.module';
import { Certificado } from './certificados/entities/certificado.entity';
import { CONFIG, type ConfigGateway } from './config';
import { AdmissaoInterceptor } from './http/admissao.interceptor';
import { ContasModule } from './contas/contas.module';
import { Conta } from './contas/entities/conta.entity';
import { Credencial } from './contas/entities/credencial.entity';
import { EmpresasModule } from './empresas/empresas.module';
import { Empresa } from './empresas/entities/empresa.entity';
import { IdempotenciaModule } from './idempotencia/idempotencia.module';
import { migracoes } from './migrations';
import { NfeModule } from './nfe/nfe.module';
import { NfseModule } from './nfse/nfse.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export const ENTIDADES_CADASTRO = [Conta, Credencial, Empresa, Certificado];

@Module({})
class ModuloConfig {}

@Module({})
export class AppModule {
  static com(config: ConfigGateway): DynamicModule {
    return {
      module: AppModule,
      imports: [
        { module: ModuloConfig, global: true, providers: [{ provide: CONFIG, useValue: config }], exports: [CONFIG] },
        TypeOrmModule.forRoot(
          opcoesTypeOrm({ app: 'gateway', url: config.DATABASE_URL, schema: 'cadastro', entidades: ENTIDADES_CADASTRO, migracoes }),
        ),
        ModuloNats.registrar({ url: config.NATS_URL, nome: 'gateway', clienteRpc: true }),
        ModuloMetricas,
        ContasModule,
        EmpresasModule,
        CertificadosModule,
        NfeModule,
        NfseModule,
        WebhooksModule,
        IdempotenciaModule,
      ],
      controllers: [SaudeController],
      providers: [{ provide: APP_GUARD, useClass: AutenticacaoGuard }, AdmissaoInterceptor],
    };
  }
}
