import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AtualizarMercadoria,
  type ContextoRequisicao,
  type CriarMercadoria,
  falha,
  type MercadoriaCampos,
  type MercadoriaResposta,
  MensagensErro,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import {
  CASAS_FRACAO,
  casasDecimais,
  dec,
  digitosInteiros,
  formatarDataHoraSefaz,
  formatarPercentual,
  formatarValorUnitario,
} from '@emissor/fiscal-domain';
import type { Repository } from 'typeorm';
import { Mercadoria } from './entities/mercadoria.entity';

type Erros = Record<string, string[]>;

@Injectable()
export class MercadoriasService {
  constructor(@InjectRepository(Mercadoria) private readonly mercadorias: Repository<Mercadoria>) {}

  async criar(contexto: ContextoRequisicao, dados: CriarMercadoria): Promise<RespostaRpc<MercadoriaResposta>> {
    const { campos, erros } = camposParaEntidade(dados);
    if (erros) return falha(422, MensagensErro.parametrosInvalidos, erros);
    const mercadoria = this.mercadorias.create({
      id: randomUUID(),
      empresaId: contexto.empresa.id,
      codigo: dados.codigo,
      padrao: false,
      ...campos,
    });
    try {
      await this.mercadorias.insert(mercadoria);
    } catch (erro) {
      if ((erro as { code?: string }).code === '23505') return falha(422, 'Código de mercadoria já está em uso');
      throw erro;
    }
    return sucesso(paraResposta((await this.buscar(contexto.empresa.id, dados.codigo))!));
  }

  async obter(contexto: ContextoRequisicao, codigo: string): Promise<RespostaRpc<MercadoriaResposta>> {
    const mercadoria = await this.buscar(contexto.empresa.id, codigo);
    return mercadoria ? sucesso(paraResposta(mercadoria)) : falha(404, MensagensErro.mercadoriaNaoEncontrada);
  }

  async atualizar(contexto: ContextoRequisicao, dados: AtualizarMercadoria): Promise<RespostaRpc<MercadoriaResposta>> {
    const { codigo, ...resto } = dados;
    const mercadoria = await this.buscar(contexto.empresa.id, codigo);
    if (!mercadoria) return falha(404, MensagensErro.mercadoriaNaoEncontrada);
    const { campos, erros } = camposParaEntidade(resto);
    if (erros) return falha(422, MensagensErro.parametrosInvalidos, erros);
    await this.mercadorias.update({ id: mercadoria.id }, campos);
    return sucesso(paraResposta((await this.buscar(contexto.empresa.id, codigo))!));
  }

  async remover(contexto: ContextoRequisicao, codigo: string): Promise<RespostaRpc<null>> {
    const resultado = await this.mercadorias.delete({ empresaId: contexto.empresa.id, codigo });
    return resultado.affected ? sucesso(null) : falha(404, MensagensErro.mercadoriaNaoEncontrada);
  }

  /** For note creation: the registered items of a company by code. */
  async buscarVarias(empresaId: string, codigos: string[]): Promise<Map<string, Mercadoria>> {
    if (!codigos.length) return new Map();
    const encontradas = await this.mercadorias
      .createQueryBuilder('m')
      .where('m.empresa_id = :empresaId AND m.codigo IN (:...codigos)', { empresaId, codigos: [...new Set(codigos)] })
      .getMany();
    return new Map(encontradas.map((m) => [m.codigo, m]));
  }

  private buscar(empresaId: string, codigo: string) {
    return this.mercadorias.findOne({ where: { empresaId, codigo } });
  }
}

/**
 * Maps sent fields to columns. Only fields present in the request are returned, so an update
 * leaves the others untouched. Checks the decimal sizes of the NF-e layout (vUnCom 11.10).
 */
export function camposParaEntidade(dados: Partial<MercadoriaCampos>): { campos: Partial<Mercadoria>; erros?: Erros } {
  const erros: Erros = {};
  const campos: Partial<Mercadoria> = {};
  const mapa: [keyof MercadoriaCampos, keyof Mercadoria][] = [
    ['nome', 'nome'],
    ['ncm', 'ncm'],
    ['unidade_comercial', 'unidadeComercial'],
    ['cfop_interestadual', 'cfopInterestadual'],
    ['cfop_interno', 'cfopInterno'],
    ['descricao', 'descricao'],
    ['cest', 'cest'],
    ['origem', 'origem'],
    ['cst_icms', 'cstIcms'],
    ['csosn', 'csosn'],
    ['cst_pis', 'cstPis'],
    ['cst_cofins', 'cstCofins'],
    ['padrao', 'padrao'],
  ];
  for (const [entrada, coluna] of mapa) {
    if (dados[entrada] !== undefined) (campos as Record<string, unknown>)[coluna] = dados[entrada];
  }
  if (dados.valor !== undefined && dados.valor !== null) {
    if (digitosInteiros(dados.valor) > 11 || casasDecimais(dados.valor) > 10) {
      erros.valor = ['deve ter no máximo 11 dígitos inteiros e 10 casas decimais'];
    } else campos.valor = dec(dados.valor).toFixed();
  }
  const { aliquota_icms: fracao, aliquota_icms_percent: percentual } = dados;
  const temFracao = fracao !== undefined && fracao !== null;
  const temPercentual = percentual !== undefined && percentual !== null;
  if (temFracao && temPercentual && !dec(fracao).times(100).equals(dec(percentual))) {
    erros.aliquota_icms_percent = ['não corresponde a aliquota_icms: envie apenas um dos dois'];
  } else if (temFracao) {
    campos.aliquotaIcms = dec(fracao).toFixed();
  } else if (temPercentual) {
    campos.aliquotaIcms = dec(percentual).dividedBy(100).toFixed();
  } else if (fracao === null || percentual === null) {
    campos.aliquotaIcms = null;
  }
  // The gateway refuses more places already; a stored rate must still fit the note's pICMS.
  if (campos.aliquotaIcms && casasDecimais(campos.aliquotaIcms) > CASAS_FRACAO)
    erros.aliquota_icms = [`deve ter no máximo ${CASAS_FRACAO} casas decimais (4 casas no percentual)`];
  return Object.keys(erros).length ? { campos, erros } : { campos };
}

/** Fraction shown trimmed (`0.18`, `0.0465`), percentage with at least 2 places (`18.00`). */
function formatarFracao(fracao: string): string {
  const d = dec(fracao);
  return d.toFixed(Math.max(d.decimalPlaces(), 2));
}

/**
 * The spec's goods item, its fields typed string or integer: an optional field the item does not have
 * is left out (as in a note's response), never sent as null.
 */
export function paraResposta(m: Mercadoria): MercadoriaResposta {
  const opcionais = {
    cfop_interestadual: m.cfopInterestadual,
    descricao: m.descricao,
    cest: m.cest,
    cfop_interno: m.cfopInterno,
    origem: m.origem,
    cst_icms: m.cstIcms,
    csosn: m.csosn,
    aliquota_icms: m.aliquotaIcms === null ? null : formatarFracao(m.aliquotaIcms),
    aliquota_icms_percent: m.aliquotaIcms === null ? null : formatarPercentual(m.aliquotaIcms),
    cst_pis: m.cstPis,
    cst_cofins: m.cstCofins,
  };
  return {
    codigo: m.codigo,
    nome: m.nome,
    ncm: m.ncm,
    unidade_comercial: m.unidadeComercial,
    valor: formatarValorUnitario(dec(m.valor)),
    padrao: m.padrao,
    created_at: formatarDataHoraSefaz(m.criadoEm),
    updated_at: formatarDataHoraSefaz(m.atualizadoEm),
    ...(Object.fromEntries(Object.entries(opcionais).filter(([, v]) => v !== null && v !== undefined)) as Partial<typeof opcionais>),
  } as MercadoriaResposta;
}
