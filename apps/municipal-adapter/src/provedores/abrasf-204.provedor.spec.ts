import type { ComandoEnviarRps } from '@emissor/contracts';
import { lerEnviarLoteRpsEnvio, montarEnviarLoteRpsEnvio, validarEstruturaAbrasf } from '@emissor/fiscal-domain';
import { ProvedorAbrasf204, rpsDoComando } from './abrasf-204.provedor';

const comando = (numero: number, extra: Partial<ComandoEnviarRps> = {}): ComandoEnviarRps => ({
  comando_id: `c${numero}`,
  nota_id: numero,
  empresa_id: 'e1',
  provedor: 'abrasf-2.04',
  codigo_municipio: '3550308',
  sandbox: false,
  prestador: { cnpj: '11222333000181', inscricao_municipal: '1234567', razao_social: 'Prestadora', regime_tributario: 1 },
  rps: { numero, serie: '1', tipo: '1', data_emissao: '2026-11-22T10:00:00-03:00', competencia: '2026-11-22' },
  servico: {
    codigo_item_lista: '01.07',
    codigo_cnae: '6201501',
    discriminacao: 'Suporte',
    codigo_municipio: '3550308',
    valor_servicos: '1500.00',
    base_calculo: '1500.00',
    aliquota: '0.05',
    valor_iss: '75.00',
    valor_liquido: '1500.00',
  },
  tomador: {
    cpf_cnpj: '12345678909',
    razao_social: 'Tomador',
    endereco: {
      logradouro: 'Rua A',
      numero: '1',
      bairro: 'Centro',
      municipio: 'São Paulo',
      uf: 'SP',
      cep: '01310-100',
      codigo_municipio: '3550308',
    },
  },
  ...extra,
});

describe('ABRASF 2.04 provider: the provider-neutral RPS as the layout wants it', () => {
  it('a batch of commands forms a structurally valid EnviarLoteRpsEnvio (before signing, Signature is the only thing missing)', () => {
    const xml = montarEnviarLoteRpsEnvio({
      numeroLote: '9',
      prestador: { cnpj: '11222333000181', inscricaoMunicipal: '1234567' },
      rps: [comando(1), comando(2)].map(rpsDoComando),
    });
    const erros = validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml).erros;
    expect(erros.every((e) => /falta o elemento Signature/.test(e))).toBe(true);
    const lido = lerEnviarLoteRpsEnvio(xml);
    expect(lido.rps.map((r) => [r.identificacao.numero, r.tomadorCpfCnpj, r.aliquota, r.valorIss])).toEqual([
      ['1', '12345678909', '5.00', '75.00'],
      ['2', '12345678909', '5.00', '75.00'],
    ]);
    expect(xml).toContain('<OptanteSimplesNacional>1</OptanteSimplesNacional>');
    expect(xml).toContain('<RegimeEspecialTributacao>6</RegimeEspecialTributacao>');
  });

  it('an RPS out of layout is found alone, before it joins a batch; a valid one has nothing to report', () => {
    const provedor = new ProvedorAbrasf204();
    expect(provedor.errosDeLeiaute(comando(1))).toEqual([]);
    const grande = comando(2);
    grande.servico = {
      ...grande.servico,
      valor_servicos: '99999999999999.00',
      base_calculo: '99999999999999.00',
      valor_liquido: '99999999999999.00',
    };
    const erros = provedor.errosDeLeiaute(grande);
    expect(erros.length).toBeGreaterThan(0);
    expect(erros.every((e) => e.codigo === 'LEIAUTE' && /ValorServicos|BaseCalculo|ValorLiquido/.test(e.mensagem))).toBe(true);
  });

  it('regime normal: not Simples, no special regime; an NBS code that is not 9 digits is left out', () => {
    const c = comando(3, { prestador: { cnpj: '11222333000181', razao_social: 'P', regime_tributario: 3 } });
    c.servico.codigo_nbs = 'abc';
    const rps = rpsDoComando(c);
    expect(rps).toMatchObject({ optanteSimplesNacional: false, regimeEspecialTributacao: undefined });
    expect(rps.servico.codigoNbs).toBeUndefined();
  });

  it("labour supply (17.05) names the tomador's municipality as MunicipioIncidencia (LC 116/2003 art. 3º); other services the prestador's", () => {
    const maoDeObra = comando(4);
    maoDeObra.servico.codigo_item_lista = '17.05';
    maoDeObra.tomador.endereco = {
      logradouro: 'Av. Rio Branco',
      numero: '1',
      bairro: 'Centro',
      municipio: 'Rio de Janeiro',
      uf: 'RJ',
      cep: '20040-020',
      codigo_municipio: '3304557',
    };
    const xml = (c: ComandoEnviarRps) =>
      montarEnviarLoteRpsEnvio({ numeroLote: '9', prestador: { cnpj: '11222333000181' }, rps: [rpsDoComando(c)] });
    expect(xml(maoDeObra)).toContain(
      '<CodigoMunicipio>3550308</CodigoMunicipio><ExigibilidadeISS>1</ExigibilidadeISS><MunicipioIncidencia>3304557</MunicipioIncidencia>',
    );
    const suporte = comando(5);
    suporte.tomador.endereco = maoDeObra.tomador.endereco;
    expect(xml(suporte)).toContain('<MunicipioIncidencia>3550308</MunicipioIncidencia>');
    expect(validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml(maoDeObra)).erros.every((e) => /falta o elemento Signature/.test(e))).toBe(
      true,
    );
  });

  it('ISS withheld by the tomador: IssRetido 1 with ResponsavelRetencao 1 (the tomador), in the layout; otherwise IssRetido 2 alone', () => {
    const retido = comando(6);
    retido.servico = { ...retido.servico, iss_retido: true, valor_liquido: '1425.00' };
    const xml = (c: ComandoEnviarRps) =>
      montarEnviarLoteRpsEnvio({ numeroLote: '9', prestador: { cnpj: '11222333000181' }, rps: [rpsDoComando(c)] });
    expect(xml(retido)).toContain('<IssRetido>1</IssRetido><ResponsavelRetencao>1</ResponsavelRetencao><ItemListaServico>');
    expect(validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml(retido)).erros.every((e) => /falta o elemento Signature/.test(e))).toBe(true);
    expect(xml(comando(7))).toContain('<IssRetido>2</IssRetido><ItemListaServico>');
  });
});
