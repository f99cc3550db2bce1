import { montarProtNfe } from '../nfe';
import {
  cabeNoEnviNFe,
  TAMANHO_ENVELOPE_ENVI_NFE,
  TAMANHO_MAXIMO_ENVI_NFE,
  eventoDoDocumento,
  lerRetConsReciNFe,
  lerRetConsSitNFe,
  lerRetConsStatServ,
  lerRetEnviNFe,
  lerRetEnvEvento,
  lerRetInutNFe,
  montarConsReciNFe,
  montarConsSitNFe,
  montarConsStatServ,
  montarEnviNFe,
  montarProcEventoNFe,
  montarProcInutNFe,
  montarRetConsReciNFe,
  montarRetConsSitNFe,
  montarRetConsStatServ,
  montarRetEnviNFe,
  montarRetEnvEvento,
  montarRetEvento,
  montarRetInutNFe,
} from './mensagens';
import { lerEnvelopeSoap, montarRespostaSoap } from './soap';

const chave = '35261111222333000181550010000000071202611222';
const comum = { ambiente: 2 as const, versaoAplicativo: 'SIM-1.0', cUF: '35', dataRecebimento: '2026-11-22T14:05:12-03:00' };
const prot = montarProtNfe({
  ambiente: 2,
  versaoAplicativo: 'SIM-1.0',
  chaveAcesso: chave,
  dataRecebimento: comum.dataRecebimento,
  numeroProtocolo: '135260000000042',
  digestValue: 'abc=',
  cStat: '100',
  xMotivo: 'Autorizado o uso da NF-e',
});
// What a server really sends: protNFe inheriting the namespace, inside a SOAP answer.
const protHerdado = prot.replace(' xmlns="http://www.portalfiscal.inf.br/nfe"', '');

describe('requests', () => {
  it('builds enviNFe, consReciNFe, consSitNFe and consStatServ as the XSDs order them', () => {
    expect(montarEnviNFe({ idLote: '123', sincrono: true, nfes: ['<?xml version="1.0"?><NFe/>'] })).toBe(
      '<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>123</idLote><indSinc>1</indSinc><NFe/></enviNFe>',
    );
    expect(() => montarEnviNFe({ idLote: '1', sincrono: true, nfes: ['<NFe/>', '<NFe/>'] })).toThrow('única');
    expect(() => montarEnviNFe({ idLote: '1', sincrono: false, nfes: Array(51).fill('<NFe/>') })).toThrow('1 a 50');
    expect(montarConsReciNFe({ ambiente: 2, recibo: '351000000000001' })).toContain('<tpAmb>2</tpAmb><nRec>351000000000001</nRec>');
    expect(montarConsSitNFe({ ambiente: 1, chave })).toContain(`<tpAmb>1</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe>`);
    expect(montarConsStatServ({ ambiente: 2, cUF: '23' })).toContain('<tpAmb>2</tpAmb><cUF>23</cUF><xServ>STATUS</xServ>');
    expect(eventoDoDocumento('<envEvento><idLote>1</idLote><evento versao="1.00"><a/></evento></envEvento>')).toBe(
      '<evento versao="1.00"><a/></evento>',
    );
  });
});

describe('the size limit of an authorization message', () => {
  it('a note fits in an enviNFe of its own up to 500 KB with the envelope, not a byte more', () => {
    const corpo = (n: number) => `<NFe xmlns="http://www.portalfiscal.inf.br/nfe">${'x'.repeat(n)}</NFe>`;
    const vazio = Buffer.byteLength(corpo(0));
    const cabe = TAMANHO_MAXIMO_ENVI_NFE - TAMANHO_ENVELOPE_ENVI_NFE - vazio;
    expect(cabeNoEnviNFe(corpo(cabe))).toBe(true);
    expect(cabeNoEnviNFe(corpo(cabe + 1))).toBe(false);
    // The XML declaration does not travel inside enviNFe.
    expect(cabeNoEnviNFe(`<?xml version="1.0" encoding="UTF-8"?>${corpo(cabe)}`)).toBe(true);
  });
});

describe('answers: built by the simulator, read by the adapter', () => {
  const ida = (servico: Parameters<typeof montarRespostaSoap>[0], xml: string) =>
    lerEnvelopeSoap(montarRespostaSoap(servico, xml), 'nfeResultMsg').mensagem;

  it('retEnviNFe synchronous: the note protocol, standing alone with its namespace', () => {
    const r = lerRetEnviNFe(
      ida('NFeAutorizacao4', montarRetEnviNFe({ ...comum, cStat: '104', xMotivo: 'Lote processado', protNfe: protHerdado })),
    );
    expect(r).toMatchObject({ cStat: '104', ambiente: 2, cUF: '35', recibo: undefined });
    expect(r.protocolos).toHaveLength(1);
    expect(r.protocolos[0]).toMatchObject({
      chave,
      cStat: '100',
      protocolo: '135260000000042',
      dataRecebimento: comum.dataRecebimento,
      digestValue: 'abc=',
    });
    expect(r.protocolos[0].xml.startsWith('<protNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">')).toBe(true);
  });

  it('retEnviNFe asynchronous and retConsReciNFe', () => {
    const a = lerRetEnviNFe(
      montarRetEnviNFe({
        ...comum,
        cStat: '103',
        xMotivo: 'Lote recebido com sucesso',
        recibo: { numero: '351000000000009', tempoMedioSegundos: 3 },
      }),
    );
    expect(a).toMatchObject({ cStat: '103', recibo: { numero: '351000000000009', tempoMedioSegundos: 3 }, protocolos: [] });
    const r = lerRetConsReciNFe(
      montarRetConsReciNFe({ ...comum, recibo: '351000000000009', cStat: '104', xMotivo: 'Lote processado', protNfes: [prot, prot] }),
    );
    expect(r).toMatchObject({ cStat: '104', recibo: '351000000000009' });
    expect(r.protocolos).toHaveLength(2);
  });

  it('retConsSitNFe with the note protocol and a cancellation event', () => {
    const ret = montarRetEvento({
      ...comum,
      cOrgao: '35',
      cStat: '135',
      xMotivo: 'Evento registrado e vinculado a NF-e',
      chave,
      tipoEvento: '110111',
      descricaoEvento: 'Cancelamento registrado',
      sequencia: 1,
      dataRegistro: comum.dataRecebimento,
      protocolo: '135260000000050',
    });
    const proc = montarProcEventoNFe('<evento versao="1.00"><infEvento Id="x"/></evento>', ret);
    const r = lerRetConsSitNFe(
      montarRetConsSitNFe({
        ...comum,
        cStat: '101',
        xMotivo: 'Cancelamento de NF-e homologado',
        chave,
        protNfe: prot,
        procEventos: [proc],
      }),
    );
    expect(r).toMatchObject({ cStat: '101', chave, protocolo: { cStat: '100', protocolo: '135260000000042' } });
    expect(r.eventos).toEqual([
      expect.objectContaining({ tipoEvento: '110111', sequencia: 1, cStat: '135', protocolo: '135260000000050' }),
    ]);
    expect(
      lerRetConsSitNFe(
        montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ', chave }),
      ),
    ).toMatchObject({ cStat: '217', protocolo: undefined, eventos: [] });
  });

  it('retConsStatServ, retEnvEvento and retInutNFe', () => {
    expect(
      lerRetConsStatServ(montarRetConsStatServ({ ...comum, cStat: '107', xMotivo: 'Serviço em Operação', tempoMedioSegundos: 1 })),
    ).toMatchObject({ cStat: '107', tempoMedioSegundos: 1 });
    const ret = montarRetEvento({
      ...comum,
      cOrgao: '35',
      cStat: '135',
      xMotivo: 'ok',
      chave,
      tipoEvento: '110111',
      sequencia: 1,
      dataRegistro: comum.dataRecebimento,
      protocolo: '135260000000051',
    });
    const e = lerRetEnvEvento(
      montarRetEnvEvento({ ...comum, idLote: '5', cOrgao: '35', cStat: '128', xMotivo: 'Lote de Evento Processado', retEventos: [ret] }),
    );
    expect(e).toMatchObject({
      idLote: '5',
      cStat: '128',
      eventos: [{ chave, cStat: '135', protocolo: '135260000000051', tipoEvento: '110111' }],
    });
    expect(e.eventos[0].xmlRetorno.startsWith('<retEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">')).toBe(true);
    const i = lerRetInutNFe(
      montarRetInutNFe({
        ...comum,
        cStat: '102',
        xMotivo: 'Inutilização de número homologado',
        ano: '26',
        cnpj: '11222333000181',
        modelo: '55',
        serie: 1,
        numeroInicial: 3,
        numeroFinal: 4,
        protocolo: '135260000000052',
      }),
    );
    expect(i).toMatchObject({ cStat: '102', protocolo: '135260000000052', dataRecebimento: comum.dataRecebimento });
  });

  it('ProcInutNFe: the signed inutNFe and the homologated retInutNFe as they are; a refusal makes no ProcInutNFe', () => {
    const faixa = { ano: '26', cnpj: '11222333000181', modelo: '55', serie: 1, numeroInicial: 3, numeroFinal: 4 };
    const pedido =
      '<?xml version="1.0" encoding="UTF-8"?><inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut Id="ID1"/><Signature/></inutNFe>';
    const homologado = montarRetInutNFe({
      ...comum,
      ...faixa,
      cStat: '102',
      xMotivo: 'Inutilização de número homologado',
      protocolo: '135260000000052',
    });
    const proc = montarProcInutNFe(pedido, homologado);
    expect(proc).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><ProcInutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
        pedido.replace('<?xml version="1.0" encoding="UTF-8"?>', '') +
        homologado +
        '</ProcInutNFe>',
    );
    const recusado = montarRetInutNFe({ ...comum, ...faixa, cStat: '241', xMotivo: 'Rejeição: Um número da faixa já foi utilizado' });
    expect(() => montarProcInutNFe(pedido, recusado)).toThrow('cStat 241');
    expect(() => montarProcInutNFe('<NFe/>', homologado)).toThrow('inutNFe');
  });

  it('PL_010: a 4-digit cStat and a 17-digit protocol number parse (TStat [0-9]{3,4}, TProt 15 or 17 digits)', () => {
    const prot17 = montarProtNfe({
      ...comum,
      chaveAcesso: chave,
      numeroProtocolo: '13526000000004217',
      cStat: '1004',
      xMotivo: 'Rejeição: vNFTot não informado',
    });
    const r = lerRetEnviNFe(
      ida('NFeAutorizacao4', montarRetEnviNFe({ ...comum, cStat: '104', xMotivo: 'Lote processado', protNfe: prot17 })),
    );
    expect(r.protocolos[0]).toMatchObject({ cStat: '1004', protocolo: '13526000000004217' });
    expect(lerRetConsStatServ(ida('NFeStatusServico4', montarRetConsStatServ({ ...comum, cStat: '1107', xMotivo: 'x' }))).cStat).toBe(
      '1107',
    );
    expect(() => lerRetEnviNFe('<retEnviNFe><cStat>10044</cStat></retEnviNFe>')).toThrow('cStat');
  });

  it('refuses answers without a cStat', () => {
    expect(() => lerRetEnviNFe('<retEnviNFe><xMotivo>?</xMotivo></retEnviNFe>')).toThrow('cStat');
    expect(() => lerRetConsSitNFe('<html/>')).toThrow('retConsSitNFe');
  });
});
