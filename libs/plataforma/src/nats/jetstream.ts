import type { DefinicaoStream } from '@emissor/contracts';
import { comNamespace, nomeStreamComNamespace } from '@emissor/contracts';
import { DiscardPolicy, RetentionPolicy, StorageType, type NatsConnection, type StreamConfig } from 'nats';

const DIA_EM_NANOS = 24 * 60 * 60 * 1_000_000_000;

/**
 * Creates (or updates) the JetStream streams an app owns. File storage so they survive a restart;
 * a duplicate window so a publisher that retries with the same Nats-Msg-Id is not applied twice.
 */
export async function garantirStreams(nc: NatsConnection, definicoes: DefinicaoStream[]): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const def of definicoes) {
    const config: Partial<StreamConfig> = {
      name: nomeStreamComNamespace(def.nome),
      subjects: def.assuntos.map((a) => comNamespace(a)),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: 14 * DIA_EM_NANOS,
      duplicate_window: 2 * 60 * 1_000_000_000,
    };
    try {
      await jsm.streams.info(config.name!);
      await jsm.streams.update(config.name!, config);
    } catch (erro) {
      if ((erro as { code?: string }).code !== '404') throw erro;
      await jsm.streams.add(config);
    }
  }
}
