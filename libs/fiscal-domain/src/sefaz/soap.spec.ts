import {
  acaoDoTipoConteudo,
  acaoSoap,
  ErroEnvelopeSoap,
  lerEnvelopeSoap,
  montarEnvelopeSoap,
  montarFalhaSoap,
  montarRespostaSoap,
  servicoDoIdentificador,
  tipoConteudoSoap,
} from './soap';

describe('SOAP 1.2 envelopes of the NF-e web services', () => {
  it('wraps the message in nfeDadosMsg of the service namespace and names the action', () => {
    const env = montarEnvelopeSoap('NFeAutorizacao4', '<?xml version="1.0"?><enviNFe/>');
    expect(env).toContain(
      '<soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4"><enviNFe/></nfeDadosMsg>',
    );
    expect(tipoConteudoSoap('NFeConsultaProtocolo4')).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4/nfeConsultaNF"',
    );
    expect(acaoDoTipoConteudo(tipoConteudoSoap('NFeInutilizacao4'))).toBe(acaoSoap('NFeInutilizacao4'));
    expect(servicoDoIdentificador(acaoSoap('NFeRecepcaoEvento4'))).toBe('NFeRecepcaoEvento4');
    expect(servicoDoIdentificador('http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4')).toBe('NFeStatusServico4');
    expect(servicoDoIdentificador('http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/outro')).toBeNull();
  });

  it('reads requests and answers back, with any prefix and an optional Result wrapper', () => {
    expect(lerEnvelopeSoap(montarEnvelopeSoap('NFeStatusServico4', '<consStatServ/>'), 'nfeDadosMsg')).toEqual({
      mensagem: '<consStatServ/>',
      namespace: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4',
    });
    expect(lerEnvelopeSoap(montarRespostaSoap('NFeStatusServico4', '<retConsStatServ/>'), 'nfeResultMsg').mensagem).toBe(
      '<retConsStatServ/>',
    );
    const estranho =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Header/><env:Body>' +
      '<nfeResultMsg xmlns="x"><nfeStatusServicoNFResult><retConsStatServ/></nfeStatusServicoNFResult></nfeResultMsg></env:Body></env:Envelope>';
    expect(lerEnvelopeSoap(estranho, 'nfeResultMsg').mensagem).toBe('<retConsStatServ/>');
  });

  it('turns faults and garbage into ErroEnvelopeSoap', () => {
    expect(() => lerEnvelopeSoap(montarFalhaSoap('Receiver', 'Servidor fora'), 'nfeResultMsg')).toThrow(
      /SOAP Fault soap12:Receiver: Servidor fora/,
    );
    expect(() => lerEnvelopeSoap('<html>503 Service Unavailable</html>', 'nfeResultMsg')).toThrow(ErroEnvelopeSoap);
    expect(() => lerEnvelopeSoap('<soap:Envelope xmlns:soap="s"><soap:Body><a>', 'nfeResultMsg')).toThrow(ErroEnvelopeSoap);
  });
});
