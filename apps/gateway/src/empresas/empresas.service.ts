import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EmpresaContexto, MensagensErro, semNulos } from '@emissor/contracts';
import {
  apuracaoPisCofinsEmVigor,
  formatarDataHoraSefaz,
  IE_ISENTO,
  normalizarCnpj,
  provedorNfseDaEmpresa,
  somenteDigitos,
} from '@emissor/fiscal-domain';
import type { Repository } from 'typeorm';
import { Certificado } from '../certificados/entities/certificado.entity';
import { ErroHttp, parametrosInvalidos } from '../http/erro-http';
import { validarComo } from '../http/validacao/validacao.pipe';
import { CacheEmpresas } from './cache-empresas';
import type { AtualizarEmpresaDto } from './dto/atualizar-empresa.dto';
import { CriarEmpresaDto } from './dto/criar-empresa.dto';
import { Empresa } from './entities/empresa.entity';

const vazioParaNulo = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The registry of companies, and the tenancy rule: a company is only ever seen through its account. */
@Injectable()
export class EmpresasService {
  constructor(
    @InjectRepository(Empresa) private readonly empresas: Repository<Empresa>,
    @InjectRepository(Certificado) private readonly certificados: Repository<Certificado>,
    private readonly cache: CacheEmpresas,
  ) {}

  async criar(contaId: string, dto: CriarEmpresaDto) {
    const empresa = this.empresas.create({ id: randomUUID(), contaId, cnpj: normalizarCnpj(dto.cnpj), ...camposDoCadastro(dto) });
    try {
      await this.empresas.insert(empresa);
    } catch (erro) {
      if ((erro as { code?: string }).code === '23505') throw new ErroHttp(422, { error: 'Empresa já cadastrada nesta conta' });
      throw erro;
    }
    return this.paraResposta(empresa, null);
  }

  /**
   * A change to a company's registration, top to bottom: the request's own consistency, then, with the
   * company's row locked (two changes at once each keep the other's fields), the record as it will be
   * checked as a whole, as on creation, and written. The cache forgets the company at once here (within
   * EMPRESA_CACHE_MS on the other replicas); notes already issued keep the data they were issued with.
   */
  async atualizar(contaId: string, cnpjCaminho: string, dto: AtualizarEmpresaDto) {
    const cnpj = normalizarCnpj(cnpjCaminho);
    exigirCoerenciaDaAlteracao(cnpj, dto);
    const resultado = await this.empresas.manager.transaction(async (tx) => {
      const empresa = await tx.findOne(Empresa, { where: { contaId, cnpj }, lock: { mode: 'pessimistic_write' } });
      if (!empresa) throw new ErroHttp(404, { error: MensagensErro.empresaNaoEncontrada });
      const { instancia, problemas } = await validarComo(CriarEmpresaDto, { ...cadastroDe(empresa), ...semIndefinidos(dto), cnpj });
      if (problemas) throw parametrosInvalidos(422, problemas);
      Object.assign(empresa, camposDoCadastro(instancia));
      await tx.save(empresa);
      return { empresa, certificado: await tx.findOne(Certificado, { where: { empresaId: empresa.id } }) };
    });
    this.cache.esquecer(resultado.empresa.id);
    return this.paraResposta(resultado.empresa, resultado.certificado);
  }

  async listar(contaId: string) {
    const empresas = await this.empresas.find({ where: { contaId }, order: { criadoEm: 'ASC', id: 'ASC' } });
    const certificados = empresas.length
      ? await this.certificados
          .createQueryBuilder('c')
          .where('c.empresa_id IN (:...ids)', { ids: empresas.map((e) => e.id) })
          .getMany()
      : [];
    const porEmpresa = new Map(certificados.map((c) => [c.empresaId, c]));
    return empresas.map((e) => this.paraResposta(e, porEmpresa.get(e.id) ?? null));
  }

  /**
   * `X-Empresa-CNPJ` resolution: present → that company of this account (or none: 404 upstream);
   * absent → the account's first company. Another account's company is indistinguishable from none.
   */
  async resolver(contaId: string, cnpjCabecalho: string | undefined): Promise<EmpresaContexto | null> {
    const cnpj = cnpjCabecalho === undefined ? undefined : normalizarCnpj(cnpjCabecalho);
    const chave = CacheEmpresas.chave(contaId, cnpj);
    const guardada = this.cache.ler(chave);
    if (guardada) return guardada;
    const geracao = this.cache.geracaoAtual;
    const contexto = await this.lerContexto(contaId, cnpj);
    if (contexto) this.cache.guardar(chave, contexto, geracao);
    return contexto;
  }

  /** `cnpj` already normalized; undefined: the account's first company. */
  private async lerContexto(contaId: string, cnpj: string | undefined): Promise<EmpresaContexto | null> {
    // Every authenticated request the cache does not answer comes here: one hand-written query (TypeORM's
    // builder cost more than the lookup), and only the certificate's metadata (its encrypted PFX stays unread).
    const colunas = this.empresas.metadata.columns;
    const certificados = this.certificados.metadata;
    const porCnpj = cnpj !== undefined;
    const [linha]: Record<string, unknown>[] = await this.empresas.query(
      `SELECT ${colunas.map((c) => `e.${c.databaseName} AS "${c.propertyName}"`).join(', ')},
              c.titular AS "c_titular", c.cnpj AS "c_cnpj", c.valido_de AS "c_validoDe", c.valido_ate AS "c_validoAte", c.versao AS "c_versao",
              c.recusado_motivo AS "c_recusadoMotivo"
         FROM ${this.empresas.metadata.tablePath} e LEFT JOIN ${certificados.tablePath} c ON c.empresa_id = e.id
        WHERE e.conta_id = $1 ${porCnpj ? 'AND e.cnpj = $2' : ''}
        ORDER BY e.criado_em, e.id LIMIT 1`,
      porCnpj ? [contaId, cnpj] : [contaId],
    );
    if (!linha) return null;
    const empresa = Object.assign(new Empresa(), Object.fromEntries(colunas.map((c) => [c.propertyName, linha[c.propertyName]])));
    const certificado =
      linha.c_versao == null
        ? null
        : Object.assign(new Certificado(), {
            empresaId: empresa.id,
            titular: linha.c_titular,
            cnpj: linha.c_cnpj,
            validoDe: linha.c_validoDe,
            validoAte: linha.c_validoAte,
            versao: linha.c_versao,
            recusadoMotivo: linha.c_recusadoMotivo ?? null,
          });
    return paraContexto(empresa, certificado);
  }

  async buscarPorId(contaId: string, empresaId: string): Promise<Empresa | null> {
    return this.empresas.findOne({ where: { id: empresaId, contaId } });
  }

  private paraResposta(e: Empresa, c: Certificado | null) {
    const ctx = paraContexto(e, c);
    return {
      cnpj: ctx.cnpj,
      razao_social: ctx.razao_social,
      nome_fantasia: ctx.nome_fantasia,
      inscricao_estadual: ctx.inscricao_estadual,
      inscricao_municipal: ctx.inscricao_municipal,
      regime_tributario: ctx.regime_tributario,
      endereco: ctx.endereco,
      codigo_municipio: ctx.codigo_municipio,
      telefone: ctx.telefone,
      email: ctx.email,
      // decisions §10: the provider in effect (the company's, else its municipality's).
      provedor_nfse: provedorNfseDaEmpresa(ctx),
      apuracao_pis_cofins: apuracaoPisCofinsEmVigor(ctx),
      certificado: c
        ? { titular: c.titular, cnpj: c.cnpj, valido_de: formatarDataHoraSefaz(c.validoDe), valido_ate: formatarDataHoraSefaz(c.validoAte) }
        : null,
      created_at: formatarDataHoraSefaz(e.criadoEm ?? new Date()),
    };
  }
}

export function paraContexto(e: Empresa, c: Certificado | null): EmpresaContexto {
  return {
    id: e.id,
    cnpj: e.cnpj,
    razao_social: e.razaoSocial,
    nome_fantasia: e.nomeFantasia,
    inscricao_estadual: e.inscricaoEstadual,
    inscricao_municipal: e.inscricaoMunicipal,
    regime_tributario: e.regimeTributario,
    endereco: {
      cep: e.cep,
      logradouro: e.logradouro,
      numero: e.numero,
      bairro: e.bairro,
      municipio: e.municipio,
      uf: e.uf,
      complemento: e.complemento,
    },
    codigo_municipio: e.codigoMunicipio,
    telefone: e.telefone,
    email: e.email,
    certificado: c
      ? {
          titular: c.titular,
          cnpj: c.cnpj,
          valido_de: c.validoDe.toISOString(),
          valido_ate: c.validoAte.toISOString(),
          versao: c.versao,
          recusado: c.recusadoMotivo ?? null,
        }
      : null,
    provedor_nfse: e.provedorNfse ?? null,
    apuracao_pis_cofins: e.apuracaoPisCofins ?? null,
  };
}

/** The registration's columns from a checked request (texts trimmed, empty optional ones null, IE and CEP as digits). */
function camposDoCadastro(dto: CriarEmpresaDto) {
  const ie = vazioParaNulo(dto.inscricao_estadual);
  return {
    razaoSocial: dto.razao_social.trim(),
    nomeFantasia: vazioParaNulo(dto.nome_fantasia),
    inscricaoEstadual: ie && ie !== IE_ISENTO ? somenteDigitos(ie) : ie,
    inscricaoMunicipal: vazioParaNulo(dto.inscricao_municipal),
    regimeTributario: dto.regime_tributario,
    cep: somenteDigitos(dto.endereco.cep),
    logradouro: dto.endereco.logradouro.trim(),
    numero: dto.endereco.numero.trim(),
    bairro: dto.endereco.bairro.trim(),
    municipio: dto.endereco.municipio.trim(),
    uf: dto.endereco.uf,
    complemento: vazioParaNulo(dto.endereco.complemento),
    codigoMunicipio: dto.codigo_municipio,
    telefone: vazioParaNulo(dto.telefone),
    email: vazioParaNulo(dto.email),
    provedorNfse: dto.provedor_nfse ?? null,
    apuracaoPisCofins: dto.apuracao_pis_cofins ?? null,
  };
}

/** A stored company as the request that would register it (absent optional fields left out). */
function cadastroDe(e: Empresa): Record<string, unknown> {
  const ctx = paraContexto(e, null);
  const campos: Record<string, unknown> = { ...ctx, endereco: semNulos({ ...ctx.endereco }) };
  for (const fora of ['id', 'cnpj', 'certificado'] as const) delete campos[fora];
  return semNulos(campos);
}

/**
 * What a change must say of itself, before the stored record is read: the CNPJ is the company's
 * identity (the path's), and a new address comes with its municipality's code, never the old one's.
 */
function exigirCoerenciaDaAlteracao(cnpj: string, dto: AtualizarEmpresaDto): void {
  const problemas: Record<string, string[]> = {};
  if (dto.cnpj != null && normalizarCnpj(dto.cnpj) !== cnpj) problemas.cnpj = ['não pode ser alterado (deve ser o CNPJ do caminho)'];
  if (dto.endereco != null && dto.codigo_municipio === undefined)
    problemas.codigo_municipio = ['é obrigatório quando endereco é enviado: informe o código IBGE de 7 dígitos do novo endereço'];
  if (Object.keys(problemas).length) throw parametrosInvalidos(422, problemas);
}

const semIndefinidos = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
