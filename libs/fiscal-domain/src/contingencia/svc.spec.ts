import { assinarXml } from '../assinatura';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { lerChaveAcesso } from '../identificadores';
import { chaveAcessoDaNota, montarXmlNfe } from '../nfe/montar-nfe';
import { preencherNota } from '../nfe/regras-nota';
import { certificadoTeste } from '../nfe/__fixtures__/certificado-teste';
import { empresaExemplo, notaExemplo } from '../nfe/__fixtures__/exemplos';
import { filhos, lerXml, texto } from '../nfe/__fixtures__/ler-xml';
import { justificativaContingencia, svcDaUf, svcDoTipoEmissao, TIPO_EMISSAO_SVC, ufsDoSvc } from './svc';

const cert = certificadoTeste();
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

describe('SVC (decisions §9)', () => {
  it('every UF has exactly one SVC, by the dated table; tpEmis 6/7', () => {
    const todas = [...ufsDoSvc('svc_an'), ...ufsDoSvc('svc_rs')];
    expect(new Set(todas).size).toBe(27);
    expect(['SP', 'MG', 'RS', 'CE', 'RJ', 'DF'].map(svcDaUf)).toEqual(Array(6).fill('svc_an'));
    expect(['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'].map(svcDaUf)).toEqual(Array(8).fill('svc_rs'));
    expect(TIPO_EMISSAO_SVC).toEqual({ svc_an: 6, svc_rs: 7 });
    expect([svcDoTipoEmissao(6), svcDoTipoEmissao(7), svcDoTipoEmissao(1)]).toEqual(['svc_an', 'svc_rs', null]);
    expect(() => svcDaUf('XX')).toThrow('UF inválida');
  });

  it('a note keyed in SVC-AN: tpEmis 6 at key position 35 and in ide, dhCont and xJust after verProc, valid against the PL_010 schema', async () => {
    const empresa = empresaExemplo();
    const dataEmissao = new Date('2026-11-24T13:00:00Z');
    const chave = chaveAcessoDaNota({ empresa, serie: 1, numero: 7, dataEmissao, codigoNumerico: '12345678', tipoEmissao: 6 });
    expect(chave[34]).toBe('6');
    expect(lerChaveAcesso(chave)?.tipoEmissao).toBe(6);
    const { nota } = preencherNota(notaExemplo(2), empresa, () => undefined);
    const xJust = justificativaContingencia('SP', 'connect ECONNRESET');
    const nfe = assinarXml(
      montarXmlNfe({
        empresa,
        nota,
        identificacao: {
          numero: 7,
          serie: 1,
          chaveAcesso: chave,
          dataEmissao,
          ambiente: 2,
          contingencia: { dhCont: '2026-11-24T09:58:00-03:00', xJust },
        },
      }),
      { tagAssinada: 'infNFe', chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 },
    );
    expect(await validador.validar('nfe', nfe)).toEqual({ valido: true, erros: [] });
    const doc = lerXml(nfe);
    const ide = filhos(doc, 'ide');
    expect(ide.slice(ide.indexOf('verProc'), ide.indexOf('verProc') + 3)).toEqual(['verProc', 'dhCont', 'xJust']);
    expect([texto(doc, 'tpEmis'), texto(doc, 'dhCont'), texto(doc, 'xJust')]).toEqual(['6', '2026-11-24T09:58:00-03:00', xJust]);
    expect(xJust.length).toBeGreaterThanOrEqual(15);
    expect(justificativaContingencia('SP', 'x'.repeat(400)).length).toBe(256);
  });
});
