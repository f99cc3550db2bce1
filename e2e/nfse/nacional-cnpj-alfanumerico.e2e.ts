/**
 * The national NFS-e of a prestador whose CNPJ is alphanumeric (IN RFB 2.229/2024; accepted by the
 * Sistema Nacional from 10/08/2026 with the CGNFS-e's schema bundle of 27/07/2026): the letters stay
 * in the DPS (CNPJ and Id), in the NFS-e's key and in the cancellation event, and every document
 * passes the schemas. A key whose CNPJ has a letter in its 12th character is refused by the published
 * TSChaveNFSe where it applies (the event's chNFSe): the adapter refuses that cancellation before it
 * leaves, as the authority's schema would, and the note stays emitida with the reason.
 */
import { lerNfseNacional } from '@emissor/fiscal-domain';
import { cnpjAlfanumerico, type ContaTeste, requisitar } from '../support/api';
import { criarNfse, esperarNfse, esperarRecusaCancelamento, simulador, terminal } from './apoio';
import { baixarXml, empresaNacional, MUNICIPIO_NACIONAL, notaNacional, xmllint, xmlsec1 } from './apoio-nacional';

jest.setTimeout(120_000);

/** A tomador with an alphanumeric CNPJ, written with punctuation and in lower case as an integrator may send it. */
const TOMADOR_ALFA = cnpjAlfanumerico();
const tomadorPontuado =
  `${TOMADOR_ALFA.slice(0, 2)}.${TOMADOR_ALFA.slice(2, 5)}.${TOMADOR_ALFA.slice(5, 8)}/${TOMADOR_ALFA.slice(8, 12)}-${TOMADOR_ALFA.slice(12)}`.toLowerCase();

const notaComTomadorAlfa = () => {
  const base = notaNacional();
  return { ...base, tomador: { ...(base.tomador as Record<string, unknown>), cpf_cnpj: tomadorPontuado } };
};

describe('NFS-e nacional: prestador e tomador com CNPJ alfanumérico', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const cancelar = (c: { conta: ContaTeste; cnpj: string }, id: number, motivo: string) =>
    requisitar('DELETE', `/nfse/v1/notas/${id}/cancel?motivo_cancelamento=${encodeURIComponent(motivo)}`, {
      credencial: c.conta.producao,
      cnpj: c.cnpj,
    });

  beforeAll(async () => {
    ({ conta, cnpj } = await empresaNacional({ cnpj: cnpjAlfanumerico({ ordemNumerica: true }) }));
    expect(cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
    expect(cnpj).toMatch(/[A-Z]/);
  });

  it('emitida: the key holds the CNPJ in positions 10 to 23; DPS and NFS-e keep the letters and pass the schemas and xmlsec1', async () => {
    const criada = await criarNfse(conta, cnpj, notaComTomadorAlfa());
    expect(criada.status).toBe(201);
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(emitida.rps.situacao).toBe('processado_com_sucesso');
    const chave: string = emitida.nfse.codigo_verificacao;
    expect(chave).toMatch(/^[0-9]{9}[0-9A-Z]{12}[0-9]{29}$/);
    expect(chave.slice(0, 9)).toBe(`${MUNICIPIO_NACIONAL}22`);
    expect(chave.slice(9, 23)).toBe(cnpj);

    const xml: string = (await baixarXml(conta, cnpj, emitida.id)).texto;
    expect(xml).toContain(`Id="NFS${chave}"`);
    expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
    expect(xmlsec1(xml, 'infNFSe')).toMatch(/OK$/);
    expect(xmlsec1(xml, 'infDPS')).toMatch(/OK$/);
    const lida = lerNfseNacional(xml);
    expect(lida.chaveAcesso).toBe(chave);
    expect(lida.idDps).toBe(`DPS${MUNICIPIO_NACIONAL}2${cnpj}00001${String(emitida.rps.numero).padStart(15, '0')}`);
    const dps = /<DPS[\s\S]*<\/DPS>/.exec(xml)![0];
    expect(dps).toContain(`<prest><CNPJ>${cnpj}</CNPJ>`);
    expect(dps).toContain(`<toma><CNPJ>${TOMADOR_ALFA}</CNPJ>`);
    const registros = (await simulador.nfse(cnpj)).filter((n) => n.codigo_verificacao === chave);
    expect(registros).toHaveLength(1);
  });

  it('cancellation through the event 101101, the letters in the Id and in CNPJAutor: cancelada', async () => {
    const criada = await criarNfse(conta, cnpj, notaNacional());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const r = await cancelar({ conta, cnpj }, emitida.id, 'Serviço não prestado ao tomador');
    expect(r.status).toBe(202);
    const cancelada = await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
    expect(cancelada.nfse.codigo_verificacao).toBe(emitida.nfse.codigo_verificacao);
    expect((await simulador.nfse(cnpj)).find((n) => n.codigo_verificacao === emitida.nfse.codigo_verificacao)?.cancelada_em).toBeTruthy();
  });

  it('a letter in the 12th character: emitida; its cancellation refused by the published TSChaveNFSe (chNFSe), the note stays emitida with the reason', async () => {
    const outra = await empresaNacional({ cnpj: cnpjAlfanumerico() });
    expect(outra.cnpj[11]).toMatch(/[A-Z]/);
    const criada = await criarNfse(outra.conta, outra.cnpj, notaNacional());
    const emitida = await esperarNfse(outra.conta, outra.cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    expect(emitida.nfse.codigo_verificacao.slice(9, 23)).toBe(outra.cnpj);
    const r = await cancelar(outra, emitida.id, 'Serviço não prestado ao tomador');
    expect(r.status).toBe(202);
    const erros = await esperarRecusaCancelamento(outra.conta, outra.cnpj, emitida.id);
    expect(erros).toEqual([
      expect.objectContaining({
        codigo: 'LEIAUTE',
        mensagem: expect.stringMatching(/^Pedido de cancelamento \(pedRegEvento\) em desacordo.*chNFSe/),
      }),
    ]);
    const nota = await esperarNfse(outra.conta, outra.cnpj, emitida.id, (n) => n.nfse.situacao === 'emitida');
    expect(nota.nfse.codigo_verificacao).toBe(emitida.nfse.codigo_verificacao);
    expect(
      (await simulador.nfse(outra.cnpj)).find((n) => n.codigo_verificacao === emitida.nfse.codigo_verificacao)?.cancelada_em,
    ).toBeFalsy();
  });
});
