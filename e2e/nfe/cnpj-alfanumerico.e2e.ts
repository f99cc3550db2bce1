import { lerChaveAcesso } from '@emissor/fiscal-domain';
import {
  baixar,
  cnpjAlfanumerico,
  contaComEmpresaApta,
  type ContaTeste,
  criarNotaAutorizada,
  esperarNota,
  notaValida,
  requisitar,
} from '../support/api';
import { errosEsquemaNota } from '../support/esquema-nota';
import { verificarNfeComFerramentasOficiais } from '../support/xml';
import { codigosBarrasPrimeiraPagina, textoCorrido } from '../danfe/pdf';
import { dormir } from '../support/tempo';

/**
 * An issuer whose CNPJ is alphanumeric (IN RFB 2.229/2024; NF-e from July 2026 by NT Conjunta 2025.001):
 * its access keys carry letters in positions 7-18. Everything a numeric issuer does must work for it:
 * the note authorized, its XML valid against the official schema, the DANFE with the key in its barcode
 * (CODE-128 switching between sets C and A), the carta de correção and the cancellation (events whose Id
 * holds the key), and a return note referencing the key.
 */
jest.setTimeout(120_000);

const JUSTIFICATIVA = 'Pedido cancelado a pedido do cliente';

describe('NF-e: emitente com CNPJ alfanumérico', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const req = (metodo: string, caminho: string, corpo?: unknown) =>
    requisitar(metodo, caminho, { credencial: conta.producao, cnpj, corpo });

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta({ cnpj: cnpjAlfanumerico() }));
    expect(cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
    expect(cnpj).toMatch(/[A-Z]/);
  });

  it('autoriza a nota: chave com o CNPJ alfanumérico, XML no XSD oficial, resposta no esquema do contrato', async () => {
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida());
    expect(nota.chave_acesso.slice(6, 20)).toBe(cnpj);
    expect(lerChaveAcesso(nota.chave_acesso)).toMatchObject({ cnpj });
    expect(errosEsquemaNota(nota, true)).toEqual([]);
    const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.texto).toContain(`Id="NFe${nota.chave_acesso}"`);
    expect(xml.texto).toContain(`<CNPJ>${cnpj}</CNPJ>`);
    verificarNfeComFerramentasOficiais(xml.texto, 'procNFe_v4.00.xsd', 'infNFe');
  });

  it('DANFE: a chave impressa e no código de barras (CODE-128 C/A), lida pelo zbarimg', async () => {
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida());
    const pdf = await baixar(`/nfe/v1/notas/${nota.uuid}/danfe`, { credencial: conta.producao, cnpj });
    expect(pdf.status).toBe(200);
    expect(textoCorrido(pdf.corpo)).toContain(nota.chave_acesso.match(/.{4}/g)!.join(' '));
    expect(codigosBarrasPrimeiraPagina(pdf.corpo)).toEqual([nota.chave_acesso]);
  });

  it('carta de correção e cancelamento: eventos com a chave alfanumérica no Id, autorizados; procEventoNFe no XSD', async () => {
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida());
    const carta = await req('POST', `/nfe/v1/notas/${nota.uuid}/carta-correcao`, { correcao: 'Endereço de entrega: Rua B, 20' });
    expect(carta.status).toBe(202);
    const fim = Date.now() + 30_000;
    let cartas: any[] = [];
    while (Date.now() < fim) {
      cartas = (await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao`)).corpo;
      if (cartas[0] && cartas[0].situacao !== 'pendente') break;
      await dormir(200);
    }
    expect(cartas[0]).toMatchObject({ sequencia: 1, situacao: 'autorizada' });
    const proc = await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/1/xml`);
    expect(proc.status).toBe(200);
    expect(proc.texto).toContain(`Id="ID110110${nota.chave_acesso}01"`);
    verificarNfeComFerramentasOficiais(proc.texto, 'procEventoNFe_v1.00.xsd', 'infEvento');

    const cancel = await req('DELETE', `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`);
    expect(cancel.status).toBe(202);
    const cancelada = await esperarNota(conta, cnpj, nota.uuid, (n) => n.situacao === 'cancelada', 30_000);
    expect(cancelada.protocolo_cancelamento).toMatch(/^\d{15}$/);
    expect(errosEsquemaNota(cancelada, true)).toEqual([]);
  });

  it('inutilização de faixa: o Id com o CNPJ alfanumérico, homologada; os números não são emitidos depois', async () => {
    const ultima = await criarNotaAutorizada(conta, cnpj, notaValida());
    const faixa = {
      serie: 1,
      numero_inicial: ultima.numero + 1,
      numero_final: ultima.numero + 2,
      justificativa: 'Falha no sistema pulou a numeração',
    };
    const r = await req('POST', '/nfe/v1/inutilizacoes', faixa);
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({
      numero_inicial: faixa.numero_inicial,
      numero_final: faixa.numero_final,
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    const seguinte = await criarNotaAutorizada(conta, cnpj, notaValida());
    expect(seguinte.numero).toBe(faixa.numero_final + 1);
  });

  it('devolução que referencia a chave alfanumérica: aceita e autorizada', async () => {
    const original = await criarNotaAutorizada(conta, cnpj, notaValida());
    const base = notaValida();
    const devolucao = await criarNotaAutorizada(
      conta,
      cnpj,
      notaValida({
        finalidade: 4,
        tipo_operacao: 1,
        itens: [{ ...(base.itens as Record<string, unknown>[])[0], cfop: '5202' }],
        documentos_referenciados: [{ chave_acesso: original.chave_acesso }],
      }),
    );
    const xml = await req('GET', `/nfe/v1/notas/${devolucao.uuid}/xml`);
    expect(xml.texto).toContain(`<refNFe>${original.chave_acesso}</refNFe>`);
  });
});
