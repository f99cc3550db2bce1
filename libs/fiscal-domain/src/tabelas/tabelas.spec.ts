import {
  aliquotaInterestadual,
  aliquotaInternaUf,
  ALIQUOTAS_INTERNAS_UF,
  aliquotasIbsCbsEm,
  ibsCbsSemAliquotasEm,
  mensagemSemAliquotasIbsCbs,
  classificacaoTributariaNfe,
  classificacoesDoCst,
  CLASSIFICACOES_TRIBUTARIAS_NFE,
  DataForaDaTabelaIcms,
  exigeResponsavelTecnico,
  hashCsrt,
  incidenciaNoTomador,
  INICIO_IBS_CBS,
  servicoNacional,
} from '.';
import { LINHAS_LISTA_SERVICOS_NACIONAL } from './lista-servicos-nacional.dados';

describe('dated tables', () => {
  it('IBS/CBS: the 2026 test rates (CBS 0.9 %, IBS UF 0.1 %, IBS Mun 0 %), not added to the total; no group before 2026', () => {
    expect(INICIO_IBS_CBS).toBe('2026-01-01');
    expect(aliquotasIbsCbsEm('2025-12-31')).toBeNull();
    expect(aliquotasIbsCbsEm('2026-01-01')).toMatchObject({ pCBS: '0.90' });
    expect(aliquotasIbsCbsEm('2026-11-24')).toMatchObject({ pCBS: '0.90', pIBSUF: '0.10', pIBSMun: '0.00', compoeTotal: false });
    expect(ibsCbsSemAliquotasEm('2025-12-31')).toBe(false);
    expect(ibsCbsSemAliquotasEm('2026-12-31')).toBe(false);
  });

  it('IBS/CBS: the 2026 row ends with 2026 (the test year); past it there are no rates, and that is told apart from "before 2026"', () => {
    expect(aliquotasIbsCbsEm('2026-12-31')).toMatchObject({ pCBS: '0.90' });
    expect(aliquotasIbsCbsEm('2027-01-01')).toBeNull();
    expect(ibsCbsSemAliquotasEm('2027-01-01')).toBe(true);
    expect(mensagemSemAliquotasIbsCbs('2027-01-04')).toContain(
      'em vigor em 2027-01-04 não estão na tabela deste emissor (ela vai até 2026-12-31)',
    );
  });

  it('interstate rate: 4 % imported, 7 % from S/SE (not ES) to N/NE/CO/ES, 12 % otherwise', () => {
    expect(aliquotaInterestadual(0, 'SP', 'BA')).toBe('0.07');
    expect(aliquotaInterestadual(0, 'SP', 'ES')).toBe('0.07');
    expect(aliquotaInterestadual(0, 'SP', 'RJ')).toBe('0.12');
    expect(aliquotaInterestadual(0, 'ES', 'SP')).toBe('0.12');
    expect(aliquotaInterestadual(0, 'BA', 'SP')).toBe('0.12');
    for (const origem of [1, 2, 3, 8]) expect(aliquotaInterestadual(origem, 'SP', 'BA')).toBe('0.04');
    expect(aliquotaInterestadual(5, 'SP', 'BA')).toBe('0.07');
  });

  it('every state has an internal rate and FCP as fractions, each row with its own start date and source', () => {
    expect(Object.keys(ALIQUOTAS_INTERNAS_UF)).toHaveLength(27);
    for (const [uf, linhas] of Object.entries(ALIQUOTAS_INTERNAS_UF)) {
      expect([uf, linhas.length]).toEqual([uf, expect.any(Number)]);
      for (const l of linhas) {
        expect(Number(l.interna)).toBeGreaterThan(0.1);
        expect(Number(l.fcp)).toBeLessThanOrEqual(0.02);
        expect(l.vigenciaInicio).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(l.fonte.length).toBeGreaterThan(5);
      }
      // Rows in date order, so a later row is a later law.
      expect(linhas.map((l) => l.vigenciaInicio)).toEqual([...linhas.map((l) => l.vigenciaInicio)].sort());
    }
    // Not one shared date: the states changed their rates on different days.
    expect(new Set(Object.values(ALIQUOTAS_INTERNAS_UF).map((l) => l[0].vigenciaInicio)).size).toBeGreaterThan(10);
    // CE and PE each have a "Lei 18.305/2023", of different dates.
    expect(aliquotaInternaUf('CE', '2026-11-24').fonte).toContain('15/02/2023');
    expect(aliquotaInternaUf('PE', '2026-11-24').fonte).toContain('30/09/2023');
    const em = (uf: keyof typeof ALIQUOTAS_INTERNAS_UF) => aliquotaInternaUf(uf, '2026-11-24');
    expect(em('BA')).toMatchObject({ interna: '0.205', fcp: '0' });
    expect(em('RJ')).toMatchObject({ interna: '0.20', fcp: '0.02' });
    expect([
      em('SP').interna,
      em('MG').interna,
      em('PR').interna,
      em('PE').interna,
      em('CE').interna,
      em('MA').interna,
      em('PI').interna,
      em('RN').interna,
      em('PB').interna,
    ]).toEqual(['0.18', '0.18', '0.195', '0.205', '0.20', '0.23', '0.225', '0.20', '0.20']);
  });

  it("a date before a state's first row is an error, not that row", () => {
    expect(aliquotaInternaUf('MA', '2025-02-23').interna).toBe('0.23');
    expect(() => aliquotaInternaUf('MA', '2025-02-22')).toThrow(DataForaDaTabelaIcms);
    expect(() => aliquotaInternaUf('SP', '2022-12-31')).toThrow('Sem alíquota interna de ICMS de SP para 2022-12-31');
  });

  it('cClassTrib: the NF-e codes of CST 000, 200 and 410, each under its CST; codes that do not exist or are not for model 55 are absent', () => {
    for (const l of CLASSIFICACOES_TRIBUTARIAS_NFE) {
      expect(l.cClassTrib).toMatch(/^(000|200|410)\d{3}$/);
      // Exactly the CST 200 codes carry a reduction (pRedIBS / pRedCBS), a percentage of the table.
      expect([l.cClassTrib, l.reducao !== undefined]).toEqual([l.cClassTrib, l.cst === '200']);
      if (l.reducao) for (const p of [l.reducao.ibs, l.reducao.cbs]) expect(['30', '40', '50', '60', '70', '80', '100']).toContain(p);
      expect(l.cst).toBe(l.cClassTrib.slice(0, 3));
      expect(l.vigenciaInicio <= '2026-01-01').toBe(true);
    }
    expect(classificacaoTributariaNfe('000001')).toMatchObject({ cst: '000' });
    expect(classificacaoTributariaNfe('410999')).toMatchObject({ cst: '410' });
    for (const ausente of ['000999', '000002', '400001', '410015', '410027'])
      expect([ausente, classificacaoTributariaNfe(ausente)]).toEqual([ausente, undefined]);
    expect(classificacaoTributariaNfe('410030')).toMatchObject({ exigeGrupo: 'gEstornoCred' });
    expect(classificacaoTributariaNfe('410031', '2025-11-18')).toBeUndefined();
    expect(classificacaoTributariaNfe('200034')).toMatchObject({ cst: '200', reducao: { ibs: '60', cbs: '60' } });
    expect(classificacaoTributariaNfe('200047')).toMatchObject({ reducao: { ibs: '40', cbs: '40' } });
    expect(classificacaoTributariaNfe('200022')).toMatchObject({ exigeGrupo: 'gTribRegular' });
    // The codes a message suggests are those the API accepts: none that needs a group it does not fill.
    expect(classificacoesDoCst('200')).toContain('200034');
    for (const comGrupo of ['200022', '200024', '200054']) expect(classificacoesDoCst('200')).not.toContain(comGrupo);
    expect(classificacoesDoCst('410')).not.toContain('410030');
    // Switched off for NF-e by Informe Técnico 2025.002 v1.40 (200001, 200044), or never for it (200025).
    for (const fora of ['200001', '200044', '200025']) expect(classificacaoTributariaNfe(fora)).toBeUndefined();
    expect(classificacaoTributariaNfe('200034', '2025-12-31')).toBeUndefined();
  });

  it('infRespTec is required in AL, AM, MS, PE, PR, SC and TO (NT 2018.005)', () => {
    expect(['AL', 'AM', 'MS', 'PE', 'PR', 'SC', 'TO'].every(exigeResponsavelTecnico)).toBe(true);
    expect(exigeResponsavelTecnico('SP')).toBe(false);
  });

  it('hashCSRT = base64(SHA-1(CSRT + chave)): the example of NT 2018.005', () => {
    expect(hashCsrt('G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO', '41180678393592000146558900000006041028190697')).toBe(
      'aWv6LeEM4X6u4+qBI2OYZ8grigw=',
    );
  });
});

describe('the national service list of the Sistema Nacional NFS-e (Anexo I v1.01, MUN.INCID_INFO.SERV.)', () => {
  it('has every cTribNac of the sheet, each item with its desdobro 01, the groups and incidences it gives', () => {
    expect(servicoNacional('010701')).toMatchObject({ codigo: '010701', incidencia: ['EP', 'EDEmit'] });
    expect(servicoNacional('010701')?.descricao).toMatch(/^Suporte técnico em informática/);
    expect(servicoNacional('070201')?.grupo).toBe('obra');
    expect(servicoNacional('121701')?.grupo).toBe('atvEvento');
    expect(incidenciaNoTomador(servicoNacional('170501')!)).toBe(true);
    expect(incidenciaNoTomador(servicoNacional('010701')!)).toBe(false);
    expect(servicoNacional('999901')).toBeNull();
    expect(LINHAS_LISTA_SERVICOS_NACIONAL).toHaveLength(335);
    expect(LINHAS_LISTA_SERVICOS_NACIONAL.filter((l) => l[3] === 'obra')).toHaveLength(11);
    expect(LINHAS_LISTA_SERVICOS_NACIONAL.filter((l) => l[3] === 'atvEvento')).toHaveLength(19);
    for (const [codigo] of LINHAS_LISTA_SERVICOS_NACIONAL) expect(servicoNacional(`${codigo.slice(0, 4)}01`)).not.toBeNull();
  });
});
