/** Helpers of the national NFS-e tests: a company that issues through the Sistema Nacional, the independent XML checks (xmllint, xmlsec1). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARQUIVO_CERTIFICADO_AC, carregarEsquemasNfseNacional } from '@emissor/plataforma';
import { assinarXml, compactarXml } from '@emissor/fiscal-domain';
import { certificadoDe, contaComEmpresaApta, requisitar } from '../support/api';
import { cadastrarServico, SERVICO } from './apoio';

/** Campinas (SP): not in the domain's table of municipalities with their own web service, so `nacional`. */
export const MUNICIPIO_NACIONAL = '3509502';

export async function empresaNacional(extra: Record<string, unknown> = {}) {
  const r = await cadastrarServico(MUNICIPIO_NACIONAL, SERVICO);
  if (r.status !== 201) throw new Error(`catálogo: ${r.status} ${r.texto}`);
  return contaComEmpresaApta({
    codigo_municipio: MUNICIPIO_NACIONAL,
    endereco: { cep: '13015-000', logradouro: 'Rua Barão de Jaguara', numero: '900', bairro: 'Centro', municipio: 'Campinas', uf: 'SP' },
    ...extra,
  });
}

/** The reform's fields as the example uses them. */
export const NBS = { nbs_codigo: '115021000', nbs_cst: '000', nbs_ct: '000001', nbs_indop: '030101' };

/** The approximate taxes of a service (Lei 12.741/2012), as an IBPT-like table gives them: required outside the Simples (E0713). */
export const TRIBUTOS_APROXIMADOS = { federal: '0.1345', estadual: '0', municipal: '0.05' };

export function notaNacional(extra: Record<string, unknown> = {}) {
  return {
    codigo_externo: `DPS-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
    valor_servicos: '1500.00',
    ...NBS,
    tributos_aproximados: TRIBUTOS_APROXIMADOS,
    servico: { codigo_cnae: SERVICO.codigo_cnae, codigo_item_lista: SERVICO.codigo_item_lista },
    tomador: {
      razao_social: 'Tomador de Teste LTDA',
      cpf_cnpj: '12.345.678/0001-95',
      codigo_municipio: '3550308',
      email: 'financeiro@tomador.com.br',
      endereco: { cep: '01310-100', logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', uf: 'SP' },
    },
    ...extra,
  };
}

export const baixarXml = (conta: { producao: any }, cnpj: string, id: number | string) =>
  requisitar('GET', `/nfse/v1/notas/${id}/xml`, { credencial: conta.producao, cnpj, cabecalhos: { accept: 'application/xml' } });

let pastaEsquemas: string | undefined;
/** xmllint over the vendored official v1.01 set as the authority validates it today (the domain's documented in-memory adaptations). */
export function xmllint(raiz: 'NFSe_v1.01.xsd' | 'DPS_v1.01.xsd', xml: string): string {
  if (!pastaEsquemas) {
    pastaEsquemas = mkdtempSync(join(tmpdir(), 'xsd-nfse-nacional-'));
    for (const [nome, texto] of Object.entries(carregarEsquemasNfseNacional().arquivos)) writeFileSync(join(pastaEsquemas, nome), texto);
  }
  const arquivo = join(mkdtempSync(join(tmpdir(), 'nfse-')), 'documento.xml');
  writeFileSync(arquivo, xml);
  try {
    return execFileSync('xmllint', ['--noout', '--schema', join(pastaEsquemas, raiz), arquivo], { stdio: 'pipe' }).toString() + 'ok';
  } catch (e) {
    return `falhou: ${(e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message}`;
  }
}

/** xmlsec1 --verify of the Signature of `tagAssinada` (the NFSe's or the DPS's), trusting the run's test CA. */
export function xmlsec1(xml: string, tagAssinada: 'infNFSe' | 'infDPS'): string {
  const arquivo = join(mkdtempSync(join(tmpdir(), 'nfse-assinada-')), 'documento.xml');
  writeFileSync(arquivo, xml);
  const pai = tagAssinada === 'infNFSe' ? 'NFSe' : 'DPS';
  try {
    return (
      execFileSync(
        'xmlsec1',
        [
          '--verify',
          '--id-attr:Id',
          tagAssinada,
          '--trusted-pem',
          join(process.env.AC_TESTE_DIR!, ARQUIVO_CERTIFICADO_AC),
          '--node-xpath',
          `//*[local-name()='${pai}']/*[local-name()='Signature']`,
          arquivo,
        ],
        { stdio: 'pipe' },
      ).toString() + 'OK'
    );
  } catch (e) {
    return `falhou: ${(e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message}`;
  }
}

/**
 * POST {Sefin}/nfse/{chave}/eventos of the simulator's production base, as a company's own software
 * would: mutual TLS and the pedido signed with the company's certificate from the run's CA. For what
 * the product never sends (an old layout, a forged Id): the authority's answer to it.
 */
export async function postarEventoSefin(cnpj: string, chave: string, pedidoXml: string): Promise<{ status: number; corpo: any }> {
  const cert = certificadoDe(cnpj);
  const derBase64 = cert.certificadoPem.replace(/-----[^-]+-----|\s/g, '');
  const assinado = assinarXml(pedidoXml, { tagAssinada: 'infPedReg', chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: derBase64 });
  const corpo = JSON.stringify({ pedidoRegistroEventoXmlGZipB64: compactarXml(assinado) });
  const url = new URL(`${process.env.MUNICIPIO_SIMULADOR_URL}/producao/SefinNacional/nfse/${chave}/eventos`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        pfx: cert.pfx,
        passphrase: 'senha-teste',
        ca: readFileSync(join(process.env.AC_TESTE_DIR!, ARQUIVO_CERTIFICADO_AC)),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo) },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: JSON.parse(Buffer.concat(partes).toString() || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(corpo);
  });
}
