import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { CaixaSaidaModule, ErroConfiguracao, moduloServico } from '@emissor/plataforma';
import { CertificadosService } from './certificados/certificados.service';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from './config';
import { ComandosConsumer } from './fila/comandos.consumer';
import { DisponibilidadeMunicipios } from './lotes/disponibilidade-municipios';
import { EtapasCancelamento } from './lotes/etapas-cancelamento';
import { EtapasLote } from './lotes/etapas-lote';
import { FormacaoLotes } from './lotes/formacao-lotes';
import { RepositorioLotes } from './lotes/lotes.repositorio';
import { ProcessadorLotes } from './lotes/processador.service';
import { migracoes } from './migrations';
import {
  ARQUIVO_MUNICIPIOS_PADRAO,
  ErroArquivoMunicipios,
  lerArquivoMunicipios,
  RegistroProvedores,
} from './provedores/registro-provedores';

@Module({})
class ModuloConfig {}

/** Owns RPS batches and their protocols (schema `municipal`): NFS-e commands in, municipality verdicts out. */
@Module({})
export class AppModule {
  static com(config: ConfigMunicipalAdapter): DynamicModule {
    // Read at start: a bad data file stops the app with a message naming the problem.
    let arquivo;
    try {
      arquivo = lerArquivoMunicipios(config.MUNICIPIOS_ARQUIVO ?? ARQUIVO_MUNICIPIOS_PADRAO);
    } catch (erro) {
      if (erro instanceof ErroArquivoMunicipios) throw new ErroConfiguracao('municipal-adapter', [`MUNICIPIOS_ARQUIVO: ${erro.message}`]);
      throw erro;
    }
    return moduloServico(AppModule, {
      app: 'municipal-adapter',
      natsUrl: config.NATS_URL,
      banco: { app: 'municipal-adapter', url: config.DATABASE_URL, schema: 'municipal', entidades: [], migracoes, tamanhoPool: 10 },
      clienteRpc: true,
      imports: [
        { module: ModuloConfig, global: true, providers: [{ provide: CONFIG_MUNICIPAL, useValue: config }], exports: [CONFIG_MUNICIPAL] },
        CaixaSaidaModule.paraEsquema('municipal', config),
      ],
      providers: [
        { provide: RegistroProvedores, useValue: new RegistroProvedores(arquivo, config.MUNICIPIO_MODE, config.MUNICIPIO_SIMULADOR_URL) },
        CertificadosService,
        RepositorioLotes,
        DisponibilidadeMunicipios,
        FormacaoLotes,
        EtapasLote,
        EtapasCancelamento,
        ProcessadorLotes,
        ComandosConsumer,
      ],
      // Declared here too (idempotent): the consumer needs NFSE_COMANDOS whichever app starts first.
      streams: [Streams.nfseComandos, Streams.nfseResultados],
    });
  }
}
