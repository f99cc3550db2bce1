import { empresaDanfe, notaAutorizada, notaDanfe } from '../__fixtures__/notas-danfe';
import { lerNfeProc } from '../leitura/ler-nfe-proc';
import { montarModeloDanfe, textoContingencia } from './modelo-danfe';

const modelo = (o: Parameters<typeof notaAutorizada>[1] = {}, situacao = {}, nota = notaDanfe(2)) =>
  montarModeloDanfe(lerNfeProc(notaAutorizada(nota, o).xml), situacao);
const valores = (linhas: { rotulo: string; valor: string }[][]) => Object.fromEntries(linhas.flat().map((c) => [c.rotulo, c.valor]));

describe('montarModeloDanfe', () => {
  it('cabeçalho: número e série com zeros, chave em grupos, protocolo com data e hora, código de barras SVG', () => {
    const m = modelo();
    expect(m.cabecalho).toMatchObject({
      numero: '000.000.042',
      serie: '001',
      tipoOperacao: '1',
      chaveFormatada: m.chaveAcesso.match(/.{4}/g)!.join(' '),
    });
    expect(valores(m.cabecalho.linhas)['PROTOCOLO DE AUTORIZAÇÃO DE USO']).toBe('135260000012345 - 22/11/2026 14:05:12');
    // 277 modules = start C + 22 digit pairs + check + stop: the key went entirely in code set C.
    expect(m.cabecalho.codigoBarrasSvg).toMatch(/^<svg class="barras" [^>]*viewBox="0 0 277 1"/);
    expect(m.semValorFiscal).toBe(false);
    expect(m.cancelada).toBeNull();
  });

  it('cálculo do imposto: todos os totais do ICMSTot, formatados', () => {
    const m = modelo();
    const v = valores(m.impostos);
    expect(Object.keys(v)).toEqual(
      expect.arrayContaining([
        'BASE DE CÁLC. DO ICMS',
        'VALOR DO ICMS',
        'V. ICMS DESONERADO',
        'VALOR DO FCP',
        'BASE DE CÁLC. ICMS S.T.',
        'VALOR DO ICMS SUBST.',
        'V. FCP SUBST.',
        'V. FCP ST RETIDO',
        'V. IMP. IMPORTAÇÃO',
        'V. TOTAL PRODUTOS',
        'VALOR DO FRETE',
        'VALOR DO SEGURO',
        'DESCONTO',
        'OUTRAS DESPESAS',
        'VALOR TOTAL IPI',
        'V. IPI DEVOLVIDO',
        'VALOR DO PIS',
        'VALOR DA COFINS',
        'VALOR TOTAL DA NOTA',
      ]),
    );
    expect(v['V. TOTAL PRODUTOS']).toBe('32,02'); // 1 × 10,00 + 2 × 11,01
    expect(m.impostos).toHaveLength(2); // no DIFAL or vTotTrib in this note
  });

  it('regras de 2026: ICMS-ST e DIFAL nos totais; IBS/CBS (NT 2025.002) nas informações complementares', () => {
    const base = notaDanfe(1);
    const paraBa = { ...base.destinatario.endereco, uf: 'BA', municipio: 'Salvador' };
    const item = { ...base.itens[0], cfop: '6102', quantidade: '1', valor_unitario: '100.00', aliquota_icms: '0.07' };
    // ST: interstate to a taxpayer who resells (ST does not apply to a non-taxpayer final consumer, whose
    // destination share is the DIFAL: Convênio ICMS 142/2018, cláusula primeira).
    const comSt = notaDanfe(1, {
      destinatario: {
        ...base.destinatario,
        indicador_ie: 1,
        inscricao_estadual: '12345663',
        codigo_municipio: '2927408',
        endereco: paraBa,
      },
      itens: [{ ...item, cfop: '6403', cst_icms: '10', mva_icms_st: '0.40', aliquota_icms_st: '0.205', cest: '0300100' }],
    });
    const st = montarModeloDanfe(lerNfeProc(notaAutorizada(comSt).xml));
    const vSt = valores(st.impostos);
    expect(vSt['BASE DE CÁLC. ICMS S.T.']).toBe('140,00');
    expect(vSt['VALOR DO ICMS SUBST.']).toBe('21,70'); // 140 × 20,5 % − 7,00
    expect(vSt['VALOR TOTAL DA NOTA']).toBe('121,70');
    const textoSt = st.palavras.map((p) => p.texto).join(' ');
    expect(textoSt).toContain('IBS/CBS (LC 214/2025): Base de cálculo R$');
    expect(textoSt).toMatch(/CBS R\$ \d+,\d\d/);
    expect(textoSt).toContain('Total da NF-e com IBS/CBS R$ 121,70');
    // DIFAL: the same sale to a CPF (non-taxpayer final consumer), own ICMS at the interstate 7 %.
    const comDifal = notaDanfe(1, {
      indicador_consumidor_final: true,
      destinatario: {
        ...base.destinatario,
        cpf_cnpj: '52998224725',
        indicador_ie: 9,
        inscricao_estadual: undefined,
        codigo_municipio: '2927408',
        endereco: paraBa,
      },
      itens: [item],
    });
    const vDifal = valores(montarModeloDanfe(lerNfeProc(notaAutorizada(comDifal).xml)).impostos);
    expect(vDifal['V. ICMS UF DEST.']).toBe('13,50'); // 100 × (20,5 % − 7 %)
    expect(vDifal['VALOR TOTAL DA NOTA']).toBe('100,00');
  });

  it('homologação e sandbox são SEM VALOR FISCAL; o aviso abre as informações complementares', () => {
    for (const m of [modelo({ ambiente: 2 }), modelo({ ambiente: 1 }, { sandbox: true })]) {
      expect(m.semValorFiscal).toBe(true);
      expect(m.palavras.slice(0, 4).map((p) => p.texto)).toEqual(['NF-E', 'EMITIDA', 'EM', 'AMBIENTE']);
    }
  });

  it('nota emitida em contingência SVC (tpEmis 6/7): o DANFE diz qual, desde quando e por quê; em emissão normal, nada', () => {
    const ide = { naturezaOperacao: '', serie: '1', numero: '1', dataEmissao: '', tipoOperacao: '1', ambiente: '1' };
    expect(
      textoContingencia({
        ide: {
          ...ide,
          tipoEmissao: '6',
          dataContingencia: '2026-11-24T09:58:00-03:00',
          justificativaContingencia: 'SEFAZ SP indisponivel: sem resposta',
        },
      }),
    ).toBe(
      'DANFE DE NF-E EMITIDA EM CONTINGÊNCIA (SVC-AN). Entrada em contingência: 24/11/2026 09:58:00. Justificativa: SEFAZ SP indisponivel: sem resposta.',
    );
    expect(textoContingencia({ ide: { ...ide, tipoEmissao: '7' } })).toBe('DANFE DE NF-E EMITIDA EM CONTINGÊNCIA (SVC-RS).');
    expect(textoContingencia({ ide: { ...ide, tipoEmissao: '1' } })).toBe('');
    expect(
      modelo()
        .palavras.map((p) => p.texto)
        .join(' '),
    ).not.toContain('CONTINGÊNCIA');
  });

  it('cancelada: título e protocolo/data do cancelamento na hora do emitente', () => {
    const m = modelo({}, { cancelamento: { protocolo: '135260000099999', data: new Date('2026-11-23T13:00:00Z'), offsetMinutos: -180 } });
    expect(m.cancelada).toEqual({ titulo: 'CANCELADA', detalhe: 'Protocolo 135260000099999 - 23/11/2026 10:00:00' });
  });

  it('Simples Nacional: a coluna é O/CSOSN e mostra origem + CSOSN', () => {
    const empresa = { ...empresaDanfe(), regime_tributario: 1 as const };
    const nota = notaDanfe(1);
    nota.itens = nota.itens.map(({ cst_icms: _c, aliquota_icms: _a, cst_ipi: _i, aliquota_ipi: _p, ...item }) => ({
      ...item,
      csosn: '102',
    }));
    const m = modelo({ empresa }, {}, nota);
    expect(m.rotuloSituacaoTributaria).toBe('O/CSOSN');
    expect(m.itens[0].situacaoTributaria).toBe('0102');
  });

  it('palavras muito longas ganham pontos de quebra; parágrafos começam em linha nova', () => {
    const infCpl = `Primeiro ${'A'.repeat(60)} fim`;
    const m = modelo({ ambiente: 2 }, {}, notaDanfe(1, { informacoes_complementares: infCpl }));
    const depoisDoAviso = m.palavras.slice(m.palavras.findIndex((p) => p.texto === 'Primeiro'));
    expect(depoisDoAviso[0]).toMatchObject({ texto: 'Primeiro', quebra: true, espaco: false });
    expect(depoisDoAviso.slice(1, 4).map((p) => [p.texto.length, Boolean(p.corte), Boolean(p.espaco)])).toEqual([
      [28, false, true],
      [28, true, false],
      [4, true, false],
    ]);
  });
});
