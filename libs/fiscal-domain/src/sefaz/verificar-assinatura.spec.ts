import { assinarXml } from '../assinatura';
import { chaveAcessoDaNota, montarXmlEventoCancelamento, montarXmlInutilizacao, montarXmlNfe, preencherNota } from '../nfe';
import { certificadoTeste } from '../nfe/__fixtures__/certificado-teste';
import { empresaExemplo, notaExemplo } from '../nfe/__fixtures__/exemplos';
import { montarEnviNFe, montarEnvEvento, eventoDoDocumento } from './mensagens';
import { verificarAssinaturaXml } from './verificar-assinatura';

const cert = certificadoTeste();
const assinar = (xml: string, tagAssinada: 'infNFe' | 'infInut' | 'infEvento') =>
  assinarXml(xml, { tagAssinada, chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 });

const empresa = empresaExemplo();
const dataEmissao = new Date('2026-11-22T17:05:09Z');
const chave = chaveAcessoDaNota({ empresa, serie: 1, numero: 7, dataEmissao, codigoNumerico: '20261122' });
const { nota } = preencherNota(notaExemplo(2), empresa, () => undefined);
const nfe = assinar(
  montarXmlNfe({ empresa, nota, identificacao: { numero: 7, serie: 1, chaveAcesso: chave, dataEmissao, ambiente: 2 } }),
  'infNFe',
);

describe('verificarAssinaturaXml (the authority side)', () => {
  it('accepts our signatures, alone and inside the batch message', () => {
    const r = verificarAssinaturaXml(nfe, 'infNFe');
    expect(r.valida).toBe(true);
    if (r.valida) expect(r.referencia).toBe(`NFe${chave}`);
    expect(verificarAssinaturaXml(montarEnviNFe({ idLote: '1', sincrono: true, nfes: [nfe] }), 'infNFe').valida).toBe(true);
  });

  it('accepts signed inutilização and cancellation event, the event taken out of its envEvento', () => {
    const inut = assinar(
      montarXmlInutilizacao({
        ambiente: 2,
        uf: 'SP',
        ano: 2026,
        cnpj: empresa.cnpj,
        serie: 1,
        numeroInicial: 3,
        numeroFinal: 4,
        justificativa: 'Falha no sistema de numeracao',
      }),
      'infInut',
    );
    expect(verificarAssinaturaXml(inut, 'infInut').valida).toBe(true);
    const env = assinar(
      montarXmlEventoCancelamento({
        ambiente: 2,
        chaveAcesso: chave,
        cnpj: empresa.cnpj,
        protocoloAutorizacao: '135260000000001',
        justificativa: 'Cliente desistiu da compra',
        dataEvento: '2026-11-22T15:00:00-03:00',
        idLote: '1',
      }),
      'infEvento',
    );
    const evento = eventoDoDocumento(env);
    expect(evento.startsWith('<evento')).toBe(true);
    expect(verificarAssinaturaXml(montarEnvEvento({ idLote: '9', eventos: [evento] }), 'infEvento').valida).toBe(true);
  });

  it('detects a changed value (digest), a forged SignatureValue and a non-standard profile', () => {
    expect(verificarAssinaturaXml(nfe.replace('<natOp>', '<natOp>X'), 'infNFe')).toMatchObject({ valida: false, motivo: 'digest' });
    const valor = /<SignatureValue>([^<]+)</.exec(nfe)![1];
    const forjado = nfe.replace(valor, Buffer.from('x'.repeat(256)).toString('base64'));
    expect(verificarAssinaturaXml(forjado, 'infNFe')).toMatchObject({ valida: false, motivo: 'valor' });
    expect(verificarAssinaturaXml(nfe.replace(`URI="#NFe${chave}"`, 'URI="#outro"'), 'infNFe')).toMatchObject({
      valida: false,
      motivo: 'padrao',
    });
    expect(verificarAssinaturaXml(nfe.replace(/<Signature[\s\S]*<\/Signature>/, ''), 'infNFe')).toMatchObject({
      valida: false,
      motivo: 'padrao',
    });
    expect(verificarAssinaturaXml(nfe.replace(/<X509Certificate>[^<]+/, '<X509Certificate>AAAA'), 'infNFe')).toMatchObject({
      valida: false,
      motivo: 'certificado',
    });
  });
});
