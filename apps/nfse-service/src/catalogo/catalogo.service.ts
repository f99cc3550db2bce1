import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type CriarServicoMunicipal, falha, type RespostaRpc, type ServicoMunicipalResposta, sucesso } from '@emissor/contracts';
import { normalizarCnae, normalizarItemLista, problemasAliquotaIss } from '@emissor/fiscal-domain';
import { In, type Repository } from 'typeorm';
import { ServicoMunicipal } from './entities/servico-municipal.entity';

export const MensagensCatalogo = {
  naoEncontrado: 'Serviço não encontrado',
} as const;

export const paraResposta = (s: ServicoMunicipal): ServicoMunicipalResposta => ({
  codigo_municipio: s.codigoMunicipio,
  codigo_cnae: s.codigoCnae,
  codigo_item_lista: s.codigoItemLista,
  descricao: s.descricao,
  aliquota_iss: s.aliquotaIss,
});

export type BuscaServico = { ok: true; servico: ServicoMunicipal } | { ok: false; resposta: RespostaRpc<never> };

/**
 * The municipal service catalog: operators register services per IBGE municipality; a note finds
 * its service in the catalog of the issuing company's municipality.
 */
@Injectable()
export class CatalogoService {
  constructor(@InjectRepository(ServicoMunicipal) private readonly servicos: Repository<ServicoMunicipal>) {}

  /** Registers or replaces (same municipality, item and CNAE) a catalog entry. */
  async criar(dados: CriarServicoMunicipal): Promise<RespostaRpc<ServicoMunicipalResposta>> {
    const problemas = problemasAliquotaIss(dados.aliquota_iss, dados.codigo_item_lista);
    if (problemas.length) return falha(422, 'invalid_params', { aliquota_iss: problemas });
    const [linha] = await this.servicos.query(
      `INSERT INTO nfse.servicos_municipais (codigo_municipio, codigo_item_lista, codigo_cnae, descricao, aliquota_iss)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (codigo_municipio, codigo_item_lista, codigo_cnae)
       DO UPDATE SET descricao = EXCLUDED.descricao, aliquota_iss = EXCLUDED.aliquota_iss, atualizado_em = now()
       RETURNING codigo_municipio, codigo_item_lista, codigo_cnae, descricao, aliquota_iss`,
      [
        dados.codigo_municipio,
        normalizarItemLista(dados.codigo_item_lista),
        normalizarCnae(dados.codigo_cnae),
        dados.descricao,
        dados.aliquota_iss,
      ],
    );
    return sucesso({
      codigo_municipio: linha.codigo_municipio,
      codigo_cnae: linha.codigo_cnae,
      codigo_item_lista: linha.codigo_item_lista,
      descricao: linha.descricao,
      aliquota_iss: linha.aliquota_iss,
    });
  }

  /**
   * The service of a note: by item da lista and CNAE in the municipality's catalog. Without CNAE, the
   * item alone decides when it names exactly one entry.
   */
  async buscar(codigoMunicipio: string, codigoItemLista: string, codigoCnae?: string | null): Promise<BuscaServico> {
    // An entry registered before items were normalized keeps the form it was written in: both are looked up.
    const item = In([...new Set([normalizarItemLista(codigoItemLista), codigoItemLista.trim()])]);
    if (codigoCnae) {
      const servico = await this.servicos.findOneBy({ codigoMunicipio, codigoItemLista: item, codigoCnae: normalizarCnae(codigoCnae) });
      return servico ? { ok: true, servico } : { ok: false, resposta: falha(422, MensagensCatalogo.naoEncontrado) };
    }
    const candidatos = await this.servicos.find({ where: { codigoMunicipio, codigoItemLista: item }, take: 2 });
    if (candidatos.length === 1) return { ok: true, servico: candidatos[0] };
    if (!candidatos.length) return { ok: false, resposta: falha(422, MensagensCatalogo.naoEncontrado) };
    // Found, but more than one: not "not found" (the spec's message for no service), a field the request lacks.
    return {
      ok: false,
      resposta: falha(422, 'invalid_params', {
        'servico.codigo_cnae': ['é obrigatório: o item da lista tem mais de um serviço no catálogo do município'],
      }),
    };
  }
}
