import { criarAcTeste, emitirCertificadoEmpresa } from './emissao';
import { cadeiaAlcancaAncora } from './cadeia';
import { raizesIcpBrasil } from '../__fixtures__/plataforma';

describe('cadeiaAlcancaAncora', () => {
  const raiz = criarAcTeste();
  const intermediaria = criarAcTeste({ emissora: raiz });
  const avulsa = criarAcTeste({ nome: 'AC Sem Relacao', novaChave: true });
  const base = { cnpj: '12345678000195', razaoSocial: 'EMPRESA TESTE LTDA', senha: 'x' };

  it('certificado emitido pela raiz confiada, ou por uma intermediária que veio junto', () => {
    const direto = emitirCertificadoEmpresa({ ...base, ac: raiz });
    expect(cadeiaAlcancaAncora(direto.certificadoPem, [], [raiz.certificadoPem])).toBe(true);
    const viaIntermediaria = emitirCertificadoEmpresa({ ...base, ac: intermediaria });
    expect(cadeiaAlcancaAncora(viaIntermediaria.certificadoPem, viaIntermediaria.cadeiaPem, [raiz.certificadoPem])).toBe(true);
    // Bundled roots plus the test CA, as the gateway checks in a simulator deployment.
    expect(
      cadeiaAlcancaAncora(viaIntermediaria.certificadoPem, viaIntermediaria.cadeiaPem, [...raizesIcpBrasil(), raiz.certificadoPem]),
    ).toBe(true);
  });

  it('não alcança: AC não confiada, autoassinado, intermediária ausente, só as raízes ICP-Brasil', () => {
    const deOutra = emitirCertificadoEmpresa({ ...base, ac: avulsa });
    expect(cadeiaAlcancaAncora(deOutra.certificadoPem, deOutra.cadeiaPem, [raiz.certificadoPem])).toBe(false);
    // The untrusted CA sent along in the PFX does not make itself trusted.
    expect(cadeiaAlcancaAncora(deOutra.certificadoPem, [avulsa.certificadoPem, raiz.certificadoPem], [raiz.certificadoPem])).toBe(false);
    expect(cadeiaAlcancaAncora(avulsa.certificadoPem, [], [raiz.certificadoPem])).toBe(false);
    const viaIntermediaria = emitirCertificadoEmpresa({ ...base, ac: intermediaria });
    expect(cadeiaAlcancaAncora(viaIntermediaria.certificadoPem, [], [raiz.certificadoPem])).toBe(false);
    expect(cadeiaAlcancaAncora(viaIntermediaria.certificadoPem, viaIntermediaria.cadeiaPem, raizesIcpBrasil())).toBe(false);
  });

  it('uma AC fora da validade quebra a cadeia', () => {
    const vencida = criarAcTeste({
      emissora: raiz,
      validoDe: new Date('2020-01-01Z'),
      validoAte: new Date('2021-01-01Z'),
      novaChave: true,
    });
    const folha = emitirCertificadoEmpresa({ ...base, ac: vencida });
    expect(cadeiaAlcancaAncora(folha.certificadoPem, folha.cadeiaPem, [raiz.certificadoPem])).toBe(false);
  });

  it('PEM ilegível não alcança nada', () => {
    expect(cadeiaAlcancaAncora('lixo', [], [raiz.certificadoPem])).toBe(false);
  });
});
