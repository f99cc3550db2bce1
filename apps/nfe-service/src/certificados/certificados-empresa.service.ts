import type { KeyObject } from 'node:crypto';
import { createPrivateKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Assuntos, type EmpresaContexto } from '@emissor/contracts';
import { lerCertificadoPfx } from '@emissor/fiscal-domain';
import { ClienteRpc, contextoExecucao } from '@emissor/plataforma';

export interface Assinante {
  chavePrivada: KeyObject;
  certificadoDerBase64: string;
}

export class ErroCertificadoIndisponivel extends Error {}

/**
 * The signing key of a company, asked from the registry once and kept parsed in memory (parsing a
 * PFX costs ~13 ms; a signature with the cached key well under 1 ms). The registry's `versao`
 * changes on every upload, so a new certificate replaces the cached one on the next note.
 */
@Injectable()
export class CertificadosEmpresaService {
  private readonly cache = new Map<string, { versao: string; assinante: Assinante }>();

  constructor(private readonly rpc: ClienteRpc) {}

  async assinante(empresa: Pick<EmpresaContexto, 'id' | 'certificado'>): Promise<Assinante> {
    const emCache = this.cache.get(empresa.id);
    if (emCache && (!empresa.certificado || emCache.versao === empresa.certificado.versao)) return emCache.assinante;
    const resposta = await this.rpc.enviar(Assuntos.cadastro.certificadoObter, {
      requestId: contextoExecucao.getStore()?.requestId,
      dados: { empresa_id: empresa.id },
    });
    if (!resposta.ok) throw new ErroCertificadoIndisponivel(resposta.falha.error);
    const lido = lerCertificadoPfx(Buffer.from(resposta.dados.pfx_base64, 'base64'), resposta.dados.senha);
    const assinante = { chavePrivada: createPrivateKey(lido.chavePrivadaPem), certificadoDerBase64: lido.certificadoDerBase64 };
    this.cache.set(empresa.id, { versao: resposta.dados.versao, assinante });
    return assinante;
  }
}
