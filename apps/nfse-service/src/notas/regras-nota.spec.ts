import type { CriarNotaNfse } from '@emissor/contracts';
import { calcularDigitosCnpj } from '@emissor/fiscal-domain';
import { empresaDeTeste, notaDeTeste } from './__fixtures__/notas';
import {
  errosDoServicoNacional,
  errosEnderecoDoTomador,
  errosExigidosPeloProvedor as exigidos,
  MensagensNfse,
  mensagemCancelamentoConcorrente,
  nbsDaRequisicao,
  periodoDaListagem,
  provedorDaNota,
  recusaDoCancelamento,
  semCertificadoValido,
  TIPO_RPS,
  tomadorDaNota,
  valoresDaNota,
} from './regras-nota';

const pedido = (campos: Partial<CriarNotaNfse> = {}): CriarNotaNfse => ({
  codigo_externo: 'pedido-1',
  valor_servicos: '1000.00',
  servico: { codigo_item_lista: '01.01' },
  tomador: { razao_social: 'Tomadora SA', cpf_cnpj: '99888777000166' },
  ...campos,
});

describe('create: the certificate', () => {
  const agora = Date.parse('2026-06-01T12:00:00Z');
  const certificado = (valido_ate: string) => ({ ...empresaDeTeste().certificado!, valido_ate });

  it('the RPS must be signed: no certificate, or one expired at this instant, refuses the note', () => {
    expect(semCertificadoValido(null, agora)).toBe(true);
    expect(semCertificadoValido(certificado('2026-06-01T12:00:00Z'), agora)).toBe(true);
    expect(semCertificadoValido(certificado('2026-06-01T12:00:01Z'), agora)).toBe(false);
  });
});

describe('create: the provider (decisions §10)', () => {
  const dia = new Date('2026-06-01T15:00:00Z');

  it("the municipality's on the issue day, unless the company chose one; an MEI's is always nacional", () => {
    expect(provedorDaNota(empresaDeTeste(), dia)).toBe('abrasf-2.04');
    expect(provedorDaNota(empresaDeTeste({ provedor_nfse: 'nacional' }), dia)).toBe('nacional');
    expect(provedorDaNota(empresaDeTeste({ codigo_municipio: '3509502' }), dia)).toBe('nacional');
    expect(provedorDaNota(empresaDeTeste({ regime_tributario: 4, provedor_nfse: 'abrasf-2.04' }), dia)).toBe('nacional');
  });

  it("the issue day is the company's calendar day: nacional became the default on 2026-01-01 there, not in UTC", () => {
    const campinas = empresaDeTeste({ codigo_municipio: '3509502' });
    expect(provedorDaNota(campinas, new Date('2026-01-01T02:59:59Z'))).toBe('abrasf-2.04');
    expect(provedorDaNota(campinas, new Date('2026-01-01T03:00:00Z'))).toBe('nacional');
    const manaus = empresaDeTeste({
      codigo_municipio: '1302603',
      endereco: { ...empresaDeTeste().endereco, uf: 'AM', municipio: 'Manaus' },
    });
    expect(provedorDaNota(manaus, new Date('2026-01-01T03:30:00Z'))).toBe('abrasf-2.04');
  });

  it('the RPS type the note keeps: 1 for ABRASF, DPS for the national system', () => {
    expect(TIPO_RPS['abrasf-2.04']).toBe('1');
    expect(TIPO_RPS.nacional).toBe('DPS');
  });
});

describe('create: the national DPS fields (a value out of format is a 422; a missing one is refused later, alone)', () => {
  const meEpp = empresaDeTeste({ regime_tributario: 1, codigo_municipio: '3509502' });
  const HOJE = new Date('2026-11-26T15:00:00Z');
  const errosExigidosPeloProvedor = (
    provedor: Parameters<typeof exigidos>[0],
    empresa: Parameters<typeof exigidos>[1],
    dados: Parameters<typeof exigidos>[2],
    data = HOJE,
  ) => exigidos(provedor, empresa, dados, data);

  it('ABRASF asks for no nbs_* field nor the Simples Nacional rate; a classification sent is checked against the same table', () => {
    expect(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido())).toEqual({});
    expect(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido({ nbs_cst: '000' }))).toEqual({});
    expect(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido({ nbs_ct: '200028' }))).toEqual({});
    expect(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido({ nbs_ct: '999999' })).nbs_ct?.[0]).toMatch(
      /^999999 não é um cClassTrib do IBS e da CBS vigente para NFS-e/,
    );
    expect(Object.keys(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido({ nbs_cst: '200' })))).toEqual(['nbs_cst']);
    // What only a DPS could not carry (gTribRegular, gDif, a fixed rate) is not an RPS's concern.
    expect(errosExigidosPeloProvedor('abrasf-2.04', meEpp, pedido({ nbs_ct: '550016' }))).toEqual({});
  });

  it('nacional: nbs_codigo (cNBS) of 9 digits when sent; absent, decisions §7 accepts the note', () => {
    expect(errosExigidosPeloProvedor('nacional', empresaDeTeste(), pedido())).toEqual({});
    expect(errosExigidosPeloProvedor('nacional', empresaDeTeste(), pedido({ nbs_codigo: '11601100' }))).toEqual({
      nbs_codigo: ['deve ter 9 dígitos (código NBS)'],
    });
    expect(errosExigidosPeloProvedor('nacional', empresaDeTeste(), pedido({ nbs_codigo: '116011000' }))).toEqual({});
  });

  it("nacional: an ME/EPP's Simples Nacional rate (pTotTribSN) is checked when sent; an MEI's and a regime-normal company's notes have none", () => {
    expect(errosExigidosPeloProvedor('nacional', meEpp, pedido({ nbs_codigo: '116011000' }))).toEqual({});
    expect(errosExigidosPeloProvedor('nacional', meEpp, pedido({ nbs_codigo: '116011000', aliquota_simples_nacional: '6' }))).toEqual({
      aliquota_simples_nacional: ['deve ser uma fração de 0 a 0.9999, com até 4 casas (pTotTribSN)'],
    });
    expect(errosExigidosPeloProvedor('nacional', meEpp, pedido({ nbs_codigo: '116011000', aliquota_simples_nacional: '0.06' }))).toEqual(
      {},
    );
    expect(errosExigidosPeloProvedor('nacional', empresaDeTeste({ regime_tributario: 4 }), pedido({ nbs_codigo: '116011000' }))).toEqual(
      {},
    );
    // Never silently left out: outside the Simples, or beside the approximate taxes (one totTrib group, E0712).
    for (const regime_tributario of [3, 4] as const)
      expect(
        errosExigidosPeloProvedor('nacional', empresaDeTeste({ regime_tributario }), pedido({ aliquota_simples_nacional: '0.06' })),
      ).toEqual({ aliquota_simples_nacional: [expect.stringContaining('só se aplica a ME/EPP')] });
    const aproximados = { federal: '0.1', estadual: '0', municipal: '0.05' };
    expect(
      errosExigidosPeloProvedor('nacional', meEpp, pedido({ aliquota_simples_nacional: '0.06', tributos_aproximados: aproximados })),
    ).toEqual({ aliquota_simples_nacional: [expect.stringContaining('E0712')] });
    expect(errosExigidosPeloProvedor('nacional', meEpp, pedido({ tributos_aproximados: aproximados }))).toEqual({});
    expect(
      errosExigidosPeloProvedor('abrasf-2.04', empresaDeTeste({ regime_tributario: 3 }), pedido({ aliquota_simples_nacional: '0.06' })),
    ).toEqual({});
  });

  it('nacional: the approximate taxes (pTotTrib) are checked when sent; missing, the DPS declares the ISS alone, so nothing is asked', () => {
    const normal = empresaDeTeste({ regime_tributario: 3 });
    expect(errosExigidosPeloProvedor('nacional', normal, pedido({ nbs_codigo: '116011000' }))).toEqual({});
    expect(
      errosExigidosPeloProvedor(
        'nacional',
        normal,
        pedido({ nbs_codigo: '116011000', tributos_aproximados: { federal: '0.1345', estadual: '0', municipal: '1.5' } }),
      ),
    ).toEqual({ tributos_aproximados: ['federal, estadual e municipal devem ser frações de 0 a 0.9999, com até 4 casas (pTotTrib)'] });
  });

  it('nacional: an IBSCBS field sent brings what the group needs (nbs_codigo E0322, nbs_indop); the tomador is not the prestador (E0202)', () => {
    const normal = empresaDeTeste({ regime_tributario: 3 });
    expect(errosExigidosPeloProvedor('nacional', normal, pedido({ nbs_cst: '000' }))).toEqual({
      nbs_codigo: [expect.stringContaining('E0322')],
      nbs_indop: ['é obrigatório no grupo IBSCBS quando nbs_cst ou nbs_ct é enviado (cIndOp, 6 dígitos)'],
    });
    const filial = `${normal.cnpj.slice(0, 8)}0002${calcularDigitosCnpj(`${normal.cnpj.slice(0, 8)}0002`)}`;
    expect(errosExigidosPeloProvedor('nacional', normal, pedido({ tomador: { razao_social: 'Filial', cpf_cnpj: filial } }))).toEqual({
      'tomador.cpf_cnpj': [expect.stringContaining('E0202')],
    });
    expect(errosExigidosPeloProvedor('abrasf-2.04', normal, pedido({ tomador: { razao_social: 'Filial', cpf_cnpj: filial } }))).toEqual({});
  });

  it('nacional: the service list at creation (E0310, E0370, E0595) and, on the tomador as stored, its address where the ISSQN is due there (E0234)', () => {
    const normal = empresaDeTeste({ regime_tributario: 3 });
    expect(errosDoServicoNacional('nacional', { codigoItemLista: '01.07', aliquotaIss: '0.05' }, normal)).toEqual({});
    expect(Object.keys(errosDoServicoNacional('nacional', { codigoItemLista: '07.02', aliquotaIss: '0.05' }, normal))).toEqual([
      'servico.codigo_item_lista',
    ]);
    expect(errosDoServicoNacional('nacional', { codigoItemLista: '01.07', aliquotaIss: '0.06' }, normal)).toEqual({
      'servico.codigo_item_lista': [expect.stringContaining('E0595')],
    });
    expect(errosDoServicoNacional('abrasf-2.04', { codigoItemLista: '07.02', aliquotaIss: '0.06' }, normal)).toEqual({});
    const tomador = {
      id: 't1',
      cpf_cnpj: '11222333000181',
      razao_social: 'Agência',
      inscricao_municipal: null,
      telefone: null,
      email: null,
      codigo_municipio: null,
      endereco: null,
    };
    expect(errosEnderecoDoTomador('nacional', '17.05', tomador)).toEqual({
      'tomador.endereco': [expect.stringContaining('E0234')],
    });
    expect(errosEnderecoDoTomador('nacional', '01.07', tomador)).toEqual({});
    const endereco = {
      cep: '01310-100',
      logradouro: 'Av. Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      uf: 'SP',
    };
    // An address without the tomador's IBGE code (codigo_municipio) would be left out of the DPS: refused, whatever the service.
    for (const item of ['17.05', '01.07']) {
      expect(errosEnderecoDoTomador('nacional', item, { ...tomador, endereco })).toEqual({
        'tomador.codigo_municipio': [expect.stringContaining('informe o código IBGE de 7 dígitos')],
      });
    }
    expect(errosEnderecoDoTomador('nacional', '17.05', { ...tomador, endereco, codigo_municipio: '3550308' })).toEqual({});
    // ABRASF: 17.05's RPS names the tomador's municipality as MunicipioIncidencia, so it needs the address and its code.
    const semMunicipio = { 'tomador.endereco': [expect.stringContaining('MunicipioIncidencia')] };
    expect(errosEnderecoDoTomador('abrasf-2.04', '17.05', tomador)).toEqual(semMunicipio);
    expect(errosEnderecoDoTomador('abrasf-2.04', '17.05', { ...tomador, endereco })).toEqual(semMunicipio);
    expect(errosEnderecoDoTomador('abrasf-2.04', '17.05', { ...tomador, endereco, codigo_municipio: '3550308' })).toEqual({});
    expect(errosEnderecoDoTomador('abrasf-2.04', '01.07', tomador)).toEqual({});
  });

  describe('nacional: nbs_cst and nbs_ct against the cClassTrib table for the NFS-e (SVRS, 08/10/2026)', () => {
    const normal = empresaDeTeste({ regime_tributario: 3 });
    const ibs = (campos: Partial<CriarNotaNfse>, data = HOJE) =>
      errosExigidosPeloProvedor('nacional', normal, pedido({ nbs_codigo: '122011000', nbs_indop: '030101', ...campos }), data);

    it('a code of the NFS-e with its own CST, or alone (the DPS takes its CST from it), is accepted', () => {
      expect(ibs({ nbs_cst: '200', nbs_ct: '200028' })).toEqual({});
      expect(ibs({ nbs_ct: '200029' })).toEqual({});
      expect(ibs({ nbs_cst: '410', nbs_ct: '410999' })).toEqual({});
      expect(ibs({ nbs_cst: '000' })).toEqual({});
    });

    it('a code that does not exist, or is of the NF-e only (200034, food of Anexo VII), names nbs_ct and lists the CST codes', () => {
      const semCodigo = ibs({ nbs_cst: '200', nbs_ct: '200999' }).nbs_ct?.[0] ?? '';
      expect(semCodigo).toMatch(/^200999 não é um cClassTrib do IBS e da CBS vigente para NFS-e \(CST 200: 200001, 200004, /);
      expect(semCodigo).toContain('200028');
      expect(semCodigo).not.toContain('200034');
      // CST 550's NFS-e codes are all refused (gTribRegular): none is suggested.
      expect(ibs({ nbs_cst: '550', nbs_ct: '550999' })).toEqual({
        nbs_ct: ['550999 não é um cClassTrib do IBS e da CBS vigente para NFS-e'],
      });
      expect(ibs({ nbs_cst: '200', nbs_ct: '200034' }).nbs_ct?.[0]).toMatch(/^200034 não é um cClassTrib/);
    });

    it('a code before its start of validity says the day', () => {
      expect(ibs({ nbs_ct: '200055' }, new Date('2025-12-31T15:00:00Z')).nbs_ct?.[0]).toMatch(
        /^200055 não é um cClassTrib do IBS e da CBS vigente para NFS-e em 2025-12-31/,
      );
      expect(ibs({ nbs_ct: '200055' }, new Date('2026-01-02T15:00:00Z'))).toEqual({});
    });

    it("a CST that is not the code's, a CST without its code, a CST with no NFS-e code", () => {
      expect(ibs({ nbs_cst: '000', nbs_ct: '200028' })).toEqual({ nbs_cst: ['000 não é o CST do cClassTrib 200028, que é 200'] });
      expect(ibs({ nbs_cst: '200' }).nbs_cst?.[0]).toMatch(/^com o CST 200 o nbs_ct \(cClassTrib\) é obrigatório: 200001, /);
      expect(ibs({ nbs_cst: '620' })).toEqual({ nbs_cst: ['620 não é um CST do IBS e da CBS com classificação tributária para NFS-e'] });
      // The code is judged first: 620001 (fuels) is of the NF-e only.
      expect(ibs({ nbs_cst: '620', nbs_ct: '620001' })).toEqual({
        nbs_ct: ['620001 não é um cClassTrib do IBS e da CBS vigente para NFS-e'],
      });
    });

    it('a code needing a DPS group the API does not fill, or a fixed rate, is refused with the reason, with its CST or alone', () => {
      expect(ibs({ nbs_ct: '550016' })).toEqual({
        nbs_ct: ['550016 exige o grupo gTribRegular (tributação regular) na DPS, que esta API não preenche'],
      });
      expect(ibs({ nbs_cst: '515', nbs_ct: '515001' }).nbs_ct?.[0]).toContain('gDif (diferimento)');
      expect(ibs({ nbs_cst: '221', nbs_ct: '221001' })).toEqual({
        nbs_ct: ['221001 tem alíquota fixa (CST 221), que esta API não calcula'],
      });
      expect(ibs({ nbs_cst: '221' })).toEqual({ nbs_cst: ['nenhum cClassTrib do CST 221 é aceito por esta API em NFS-e'] });
    });

    it("the NF-e's gEstornoCred codes are plain codes in the DPS (it has no such group)", () => {
      expect(ibs({ nbs_cst: '410', nbs_ct: '410026' })).toEqual({});
      expect(ibs({ nbs_cst: '200', nbs_ct: '200054' })).toEqual({});
    });
  });
});

describe('create: values and what the note keeps', () => {
  it('ISS = base × catalog rate, half-up to 2 places; the service value with 2 places', () => {
    expect(valoresDaNota('1000', '0.05')).toEqual({
      valorServicos: '1000.00',
      iss: { base_calculo: '1000.00', valor_iss: '50.00', valor_liquido: '1000.00', aliquota_iss: '0.05' },
    });
    // 0.50 × 0.05 = 0.025: half-up gives 0.03 (banker's rounding would give 0.02).
    expect(valoresDaNota('0.50', '0.05').iss.valor_iss).toBe('0.03');
    expect(valoresDaNota('100.10', '0.0275').iss).toEqual({
      base_calculo: '100.10',
      valor_iss: '2.75',
      valor_liquido: '100.10',
      aliquota_iss: '0.0275',
    });
  });

  it('nbs: the fields sent, by their short names (the CST of a code sent alone)', () => {
    expect(nbsDaRequisicao(pedido({ nbs_codigo: '116011000', nbs_cst: '000', nbs_ct: null, nbs_indop: '100301' }))).toEqual({
      codigo: '116011000',
      cst: '000',
      indop: '100301',
    });
    expect(nbsDaRequisicao(pedido())).toEqual({});
    // A code alone: the CST its DPS carries is the code's.
    expect(nbsDaRequisicao(pedido({ nbs_ct: '200028' }))).toEqual({ cst: '200', ct: '200028' });
  });

  it('the tomador snapshot leaves out what is not known', () => {
    const tomador = {
      id: 't1',
      cpf_cnpj: '99888777000166',
      razao_social: 'Tomadora SA',
      inscricao_municipal: null,
      telefone: '1133334444',
      email: null,
      codigo_municipio: '3550308',
      endereco: null,
    };
    expect(tomadorDaNota(tomador)).toEqual({
      razao_social: 'Tomadora SA',
      cpf_cnpj: '99888777000166',
      telefone: '1133334444',
      codigo_municipio: '3550308',
    });
  });
});

describe('cancel', () => {
  const curto = 'erro';
  const valido = 'Serviço não prestado ao tomador';

  it('only an emitida note: exact messages for the others', () => {
    expect(recusaDoCancelamento(notaDeTeste({ nfseSituacao: 'emitida' }), curto)).toBeNull();
    expect(recusaDoCancelamento(notaDeTeste({ nfseSituacao: 'cancelada' }), valido)).toEqual({
      ok: false,
      falha: { status: 422, error: 'Esta nota fiscal já está cancelada' },
    });
    for (const nfseSituacao of ['pendente', 'cancelamento_solicitado'] as const) {
      expect(recusaDoCancelamento(notaDeTeste({ nfseSituacao }), valido)).toEqual({
        ok: false,
        falha: { status: 422, error: 'Somente notas emitidas podem ser canceladas' },
      });
    }
  });

  it('a national note takes any non-empty reason up to 255 characters (a short one is completed in xMotivo); over it 400, after the state check', () => {
    const nacional = (nfseSituacao: 'emitida' | 'cancelada') => notaDeTeste({ provedor: 'nacional', rpsTipo: 'DPS', nfseSituacao });
    expect(recusaDoCancelamento(nacional('emitida'), curto)).toBeNull();
    expect(recusaDoCancelamento(nacional('emitida'), 'x')).toBeNull();
    expect(recusaDoCancelamento(nacional('emitida'), valido)).toBeNull();
    expect(recusaDoCancelamento(nacional('emitida'), 'x'.repeat(256))).toEqual({
      ok: false,
      falha: {
        status: 400,
        error: 'invalid_params',
        params: { motivo_cancelamento: ['motivo_cancelamento deve ter até 255 caracteres no Sistema Nacional (xMotivo)'] },
      },
    });
    expect(recusaDoCancelamento(nacional('cancelada'), curto)).toEqual({
      ok: false,
      falha: { status: 422, error: MensagensNfse.jaCancelada },
    });
  });

  it('a note moved by someone else meanwhile: answered for the state it has now', () => {
    expect(mensagemCancelamentoConcorrente('cancelada')).toBe(MensagensNfse.jaCancelada);
    expect(mensagemCancelamentoConcorrente('cancelamento_solicitado')).toBe(MensagensNfse.somenteEmitidas);
    expect(mensagemCancelamentoConcorrente('emitida')).toBe(MensagensNfse.somenteEmitidas);
    expect(mensagemCancelamentoConcorrente(undefined)).toBe(MensagensNfse.somenteEmitidas);
  });
});

describe('list: days of the company calendar', () => {
  it('data_inicio from its midnight, data_fim inclusive (up to the next midnight), at the UF offset', () => {
    expect(periodoDaListagem({ data_inicio: '2026-03-01', data_fim: '2026-03-31' }, -180)).toEqual({
      desde: new Date('2026-03-01T03:00:00Z'),
      antesDe: new Date('2026-04-01T03:00:00Z'),
    });
    expect(periodoDaListagem({ data_fim: '2026-03-31' }, -240)).toEqual({ desde: null, antesDe: new Date('2026-04-01T04:00:00Z') });
    expect(periodoDaListagem({}, -180)).toEqual({ desde: null, antesDe: null });
  });
});
