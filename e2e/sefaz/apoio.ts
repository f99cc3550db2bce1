/**
 * Helpers of the SEFAZ integration tests: a company registered through the gateway with a test-CA
 * certificate, notes and events signed with it, commands published straight on JetStream, results
 * collected from `nfe.resultados.*`, and the simulator's control API.
 */
import { randomUUID } from 'node:crypto';
import {
  Assuntos,
  type ComandoAutorizar,
  type ComandoEvento,
  comNamespace,
  type NotaEmProcessamento,
  type ResultadoAutorizacao,
  type ResultadoEvento,
} from '@emissor/contracts';
import {
  assinarXml,
  chaveAcessoDaNota,
  type EmpresaEmitente,
  formatarDataHoraSefaz,
  lerCertificadoPfx,
  montarXmlEventoCancelamento,
  montarXmlInutilizacao,
  montarXmlNfe,
  type NotaEntrada,
  preencherNota,
} from '@emissor/fiscal-domain';
import { connect, headers, type NatsConnection, type Subscription } from 'nats';
import { inscricaoEstadualDeExemplo } from '@emissor/testing';
import { Client } from 'pg';
import { certificadoDe, criarConta, criarEmpresa, requisitar } from '../support/api';
import { dormir } from '../support/tempo';

export interface EmpresaTeste {
  id: string;
  cnpj: string;
  uf: string;
  empresa: EmpresaEmitente;
  assinar(xml: string, tag: 'infNFe' | 'infInut' | 'infEvento'): string;
}

export async function consultarBanco<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
  const banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await banco.connect();
  try {
    return (await banco.query(sql, params)).rows as T[];
  } finally {
    await banco.end();
  }
}

/** Account, company (SP unless told) and its certificate, all through the gateway. */
export async function empresaComCertificado(endereco: Record<string, string> = {}): Promise<EmpresaTeste> {
  const conta = await criarConta('Conta SEFAZ');
  const enderecoEmpresa = {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    municipio: 'São Paulo',
    uf: 'SP',
    ...endereco,
  };
  const codigoMunicipio = enderecoEmpresa.uf === 'CE' ? '2304400' : '3550308';
  const cnpj = await criarEmpresa(conta, { endereco: enderecoEmpresa, codigo_municipio: codigoMunicipio });
  const { pfx } = certificadoDe(cnpj);
  const r = await requisitar('PUT', '/nfe/v1/empresa/certificado', {
    credencial: conta.producao,
    cnpj,
    corpo: { pfx: pfx.toString('base64'), senha: 'senha-teste' },
  });
  if (r.status !== 200) throw new Error(`certificado: ${r.status} ${r.texto}`);
  const [{ id }] = await consultarBanco<{ id: string }>('SELECT id FROM cadastro.empresas WHERE cnpj = $1', [cnpj]);
  const lido = lerCertificadoPfx(pfx, 'senha-teste');
  return {
    id,
    cnpj,
    uf: enderecoEmpresa.uf,
    empresa: {
      cnpj,
      razao_social: 'Empresa de Teste LTDA',
      inscricao_estadual: inscricaoEstadualDeExemplo(enderecoEmpresa.uf),
      regime_tributario: 3,
      endereco: { ...enderecoEmpresa, codigo_municipio: codigoMunicipio, uf: enderecoEmpresa.uf as EmpresaEmitente['endereco']['uf'] },
    },
    assinar: (xml, tag) =>
      assinarXml(xml, { tagAssinada: tag, chavePrivada: lido.chavePrivadaPem, certificadoDerBase64: lido.certificadoDerBase64 }),
  };
}

/** An intra-state sale (CFOP 5102): the recipient lives in the issuer's state, so no DIFAL applies. */
function nota(o: { destinatario?: string; ncm?: string }, emitente: EmpresaEmitente): NotaEntrada {
  const { cep, logradouro, numero, bairro, municipio, uf, codigo_municipio } = emitente.endereco;
  return {
    codigo_externo: randomUUID(),
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Cliente Exemplo S/A',
      cpf_cnpj: o.destinatario ?? '00000000000191',
      indicador_ie: 9,
      codigo_municipio,
      endereco: { cep, logradouro, numero, bairro, municipio, uf },
    },
    itens: [
      {
        quantidade: '1',
        codigo: 'P1',
        descricao: 'Produto de teste',
        ncm: o.ncm ?? '61091000',
        cfop: '5102',
        unidade_comercial: 'UN',
        valor_unitario: '10.00',
        origem: 0,
        cst_icms: '00',
        aliquota_icms: '0.18',
        cst_pis: '01',
        cst_cofins: '01',
      },
    ],
  };
}

let numeroSequencial = Math.floor(Date.now() / 1000) % 100_000_000;

export interface OpcoesNota {
  numero?: number;
  codigoNumerico?: string;
  destinatario?: string;
  ncm?: string;
  /** Change the signed XML (to break the signature). */
  adulterar?: (xml: string) => string;
}

/** A signed NFe of the company and the command that asks for its authorization. */
export function comandoAutorizar(e: EmpresaTeste, o: OpcoesNota = {}): ComandoAutorizar {
  const numero = o.numero ?? ++numeroSequencial;
  const dataEmissao = new Date();
  const chave = chaveAcessoDaNota({ empresa: e.empresa, serie: 1, numero, dataEmissao, codigoNumerico: o.codigoNumerico ?? '13572468' });
  const { nota: preenchida } = preencherNota(nota(o, e.empresa), e.empresa, () => undefined);
  const xml = montarXmlNfe({
    empresa: e.empresa,
    nota: preenchida,
    identificacao: { numero, serie: 1, chaveAcesso: chave, dataEmissao, ambiente: 2 },
  });
  let assinado = e.assinar(xml, 'infNFe').replace(/^<\?xml[^?]*\?>/, '');
  if (o.adulterar) assinado = o.adulterar(assinado);
  return {
    comando_id: randomUUID(),
    nota_id: randomUUID(),
    empresa_id: e.id,
    cnpj: e.cnpj,
    uf: e.uf,
    ambiente: 2,
    sandbox: false,
    chave_acesso: chave,
    xml_nfe: assinado,
  };
}

export function comandoCancelar(
  e: EmpresaTeste,
  chave: string,
  protocolo: string,
  justificativa = 'Cliente desistiu da compra',
): ComandoEvento {
  const env = montarXmlEventoCancelamento({
    ambiente: 2,
    chaveAcesso: chave,
    cnpj: e.cnpj,
    protocoloAutorizacao: protocolo,
    justificativa,
    dataEvento: formatarDataHoraSefaz(new Date(Date.now() - 5_000)),
    idLote: '1',
  });
  return {
    comando_id: randomUUID(),
    nota_id: randomUUID(),
    empresa_id: e.id,
    cnpj: e.cnpj,
    uf: e.uf,
    ambiente: 2,
    sandbox: false,
    chave_acesso: chave,
    tipo_evento: '110111',
    sequencia: 1,
    xml_evento: e.assinar(env, 'infEvento'),
  };
}

export function xmlInutilizacao(e: EmpresaTeste, inicial: number, final: number): string {
  const xml = montarXmlInutilizacao({
    ambiente: 2,
    uf: e.uf,
    ano: new Date().getUTCFullYear(),
    cnpj: e.cnpj,
    serie: 7,
    numeroInicial: inicial,
    numeroFinal: final,
    justificativa: 'Numeracao pulada por falha do sistema',
  });
  return e.assinar(xml, 'infInut');
}

type Resultado = ResultadoAutorizacao | ResultadoEvento | NotaEmProcessamento;

/** NATS connection in the run's namespace, collecting every result the adapter publishes. */
export class Barramento {
  private constructor(
    readonly nc: NatsConnection,
    private readonly assinatura: Subscription,
    private readonly recebidos: { assunto: string; dados: Resultado }[],
  ) {}

  static async conectar(): Promise<Barramento> {
    process.env.NATS_NAMESPACE = process.env.E2E_NATS_NAMESPACE;
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const recebidos: { assunto: string; dados: Resultado }[] = [];
    const assinatura = nc.subscribe(comNamespace('nfe.resultados.>'));
    void (async () => {
      for await (const m of assinatura) recebidos.push({ assunto: m.subject, dados: JSON.parse(new TextDecoder().decode(m.data)) });
    })();
    await nc.flush();
    return new Barramento(nc, assinatura, recebidos);
  }

  async publicar(assunto: string, comando: { comando_id: string }, idMensagem = comando.comando_id): Promise<void> {
    const h = headers();
    h.set('x-request-id', `e2e-sefaz-${comando.comando_id}`);
    await this.nc
      .jetstream()
      .publish(comNamespace(assunto), new TextEncoder().encode(JSON.stringify(comando)), { msgID: idMensagem, headers: h });
  }

  autorizar(c: ComandoAutorizar) {
    return this.publicar(Assuntos.nfe.comandos.autorizar, c);
  }

  /** Any NF-e event (the event pipeline); a cancellation is tipo_evento 110111. */
  cancelar(c: ComandoEvento) {
    return this.publicar(Assuntos.nfe.comandos.evento, c);
  }

  /** All results of a command so far. */
  doComando(comandoId: string, assunto?: string): Resultado[] {
    return this.recebidos
      .filter((r) => r.dados.comando_id === comandoId && (!assunto || r.assunto === comNamespace(assunto)))
      .map((r) => r.dados);
  }

  async resultado<T extends Resultado>(comandoId: string, assunto: string, limiteMs = 20_000): Promise<T> {
    const fim = Date.now() + limiteMs;
    for (;;) {
      const r = this.doComando(comandoId, assunto)[0];
      if (r) return r as T;
      if (Date.now() > fim) throw new Error(`sem resultado em ${assunto} para o comando ${comandoId}`);
      await dormir(20);
    }
  }

  autorizacao(comandoId: string, limiteMs?: number) {
    return this.resultado<ResultadoAutorizacao>(comandoId, Assuntos.nfe.resultados.autorizacao, limiteMs);
  }

  cancelamento(comandoId: string, limiteMs?: number) {
    return this.resultado<ResultadoEvento>(comandoId, Assuntos.nfe.resultados.evento, limiteMs);
  }

  /** Request-reply in Nest's NATS wire format ({pattern, data, id} -> {response}). */
  async requisitar<T>(assunto: string, dados: unknown, limiteMs = 15_000): Promise<T> {
    const id = randomUUID();
    const padrao = comNamespace(assunto);
    const m = await this.nc.request(
      padrao,
      new TextEncoder().encode(JSON.stringify({ pattern: padrao, data: { requestId: `e2e-${id}`, dados }, id })),
      { timeout: limiteMs },
    );
    const resposta = JSON.parse(new TextDecoder().decode(m.data));
    if (resposta.err) throw new Error(`erro RPC: ${JSON.stringify(resposta.err)}`);
    return resposta.response as T;
  }

  async fechar() {
    this.assinatura.unsubscribe();
    await this.nc.drain();
  }
}

/** The simulator's control API. */
export const simulador = {
  url: () => process.env.SEFAZ_SIMULADOR_CONTROLE_URL!,
  async falha(f: Record<string, unknown>): Promise<{ id: string }> {
    const r = await fetch(`${simulador.url()}/controle/falhas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(f),
    });
    if (r.status !== 201) throw new Error(`falha não registrada: ${r.status} ${await r.text()}`);
    return (await r.json()) as { id: string };
  },
  async limpar(id?: string) {
    await fetch(`${simulador.url()}/controle/falhas${id ? `/${id}` : ''}`, { method: 'DELETE' });
  },
  async chamadas(chave: string): Promise<Record<string, number>> {
    return (await simulador.resumo(chave)).chave ?? {};
  },
  async resumo(chave?: string): Promise<{ servicos: Record<string, number>; chave?: Record<string, number> }> {
    const r = await fetch(`${simulador.url()}/controle/chamadas${chave ? `?chave=${chave}` : ''}`);
    return (await r.json()) as { servicos: Record<string, number>; chave?: Record<string, number> };
  },
};

export { dormir as esperar } from '../support/tempo';
