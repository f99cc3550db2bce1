import { validarIntermediador } from './intermediador';
import { situacaoCeara } from './regra-ceara';
import { BANDEIRAS, FORMAS_ACEITAM_CARTAO, FORMAS_PAGAMENTO } from './tabelas';
import type { EmpresaParaPagamentos, NotaParaPagamentos, PagamentoEntrada } from './tipos';
import { pagamentosEfetivos, validarPagamentos } from './validar-pagamentos';

const CNPJ_ADQUIRENTE = '11222333000181';
const CNPJ_OUTRO = '00000000000191';
const sp: EmpresaParaPagamentos = { regime_tributario: 3, endereco: { uf: 'SP' } };
const ce: EmpresaParaPagamentos = { regime_tributario: 3, endereco: { uf: 'CE' } };

const nota = (extra: Partial<NotaParaPagamentos> = {}): NotaParaPagamentos => ({ destinatario: { indicador_ie: 9 }, ...extra });
const cartaoIntegrado = {
  tipo_integracao: 1,
  cnpj_credenciadora: CNPJ_ADQUIRENTE,
  bandeira: '01',
  codigo_autorizacao: 'A1B2C3',
  id_terminal: 'TERM-01',
};

describe('payment rules', () => {
  it('rule 1: without pagamentos the note carries form 90 with zero value', () => {
    expect(validarPagamentos(nota(), sp, '150.00')).toEqual({});
    expect(pagamentosEfetivos(undefined)).toEqual([{ forma_pagamento: '90', valor: '0.00' }]);
    expect(pagamentosEfetivos([])).toEqual([{ forma_pagamento: '90', valor: '0.00' }]);
    expect(validarPagamentos(nota({ troco: '5.00' }), sp, '150.00')).toEqual({
      troco: ['troco só pode ser informado junto com pagamentos'],
    });
  });

  it('rule 2: the sum of valor equals the total plus troco; several forms are accepted', () => {
    const pagamentos = [
      { forma_pagamento: '01', valor: '100.00' },
      { forma_pagamento: '03', valor: '55.00', cartao: cartaoIntegrado },
    ];
    expect(validarPagamentos(nota({ pagamentos, troco: '5.00' }), sp, '150.00')).toEqual({});
    expect(validarPagamentos(nota({ pagamentos }), sp, '150.00')).toEqual({
      pagamentos: ['a soma dos valores de pagamentos (155.00) deve ser igual ao total da nota (150.00) mais o troco (0.00)'],
    });
    expect(validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '01', valor: '149.99' }] }), sp, '150.00').pagamentos).toHaveLength(1);
  });

  it('rule 3: form 90 never appears with other forms and requires zero', () => {
    expect(validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '90', valor: '0' }] }), sp, '150.00')).toEqual({});
    expect(validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '90', valor: '10.00' }] }), sp, '150.00')).toEqual({
      'pagamentos[0].valor': ['forma_pagamento 90 (sem pagamento) exige valor 0'],
    });
    const junto = validarPagamentos(
      nota({
        pagamentos: [
          { forma_pagamento: '01', valor: '150.00' },
          { forma_pagamento: '90', valor: '0' },
        ],
      }),
      sp,
      '150.00',
    );
    expect(junto).toEqual({
      'pagamentos[1].forma_pagamento': ['forma_pagamento 90 (sem pagamento) não pode aparecer junto com outras formas de pagamento'],
    });
    expect(validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '90', valor: '0' }], troco: '1.00' }), sp, '150.00')).toEqual({
      troco: ['troco não se aplica a forma_pagamento 90 (sem pagamento)'],
    });
  });

  it.each(['03', '04', '17'])('rule 4: form %s requires the cartao group', (forma) => {
    const e = validarPagamentos(nota({ pagamentos: [{ forma_pagamento: forma, valor: '150.00' }] }), sp, '150.00');
    expect(Object.keys(e)).toEqual(['pagamentos[0].cartao']);
    expect(e['pagamentos[0].cartao'][0]).toMatch(new RegExp(`^forma_pagamento ${forma} \\(.+\\) exige o grupo cartao$`));
  });

  it('rule 5: only forms 03, 04, 10, 11, 12, 13, 15, 17, 18, 23, 24 accept cartao', () => {
    for (const forma of Object.keys(FORMAS_PAGAMENTO).filter((f) => f !== '90')) {
      const pagamentos: PagamentoEntrada[] = [
        { forma_pagamento: forma, valor: '150.00', cartao: cartaoIntegrado, descricao: 'Outro meio' },
      ];
      const e = validarPagamentos(nota({ pagamentos }), sp, '150.00');
      if (FORMAS_ACEITAM_CARTAO.includes(forma)) expect(e).toEqual({});
      else expect(e).toEqual({ 'pagamentos[0].cartao': [expect.stringContaining(`forma_pagamento ${forma} (`)] });
    }
  });

  it.each([
    [{ forma_pagamento: undefined }, 'pagamentos[0].forma_pagamento', 'forma_pagamento é obrigatório'],
    [{ forma_pagamento: '06' }, 'pagamentos[0].forma_pagamento', 'forma_pagamento 06 não existe; use um código da tabela: 01 dinheiro'],
    [{ valor: undefined }, 'pagamentos[0].valor', 'valor é obrigatório'],
    [{ valor: '10,00' }, 'pagamentos[0].valor', 'valor deve ser um número decimal'],
    [{ valor: '150.001' }, 'pagamentos[0].valor', 'valor aceita no máximo 2 casas decimais'],
    [{ indicador_pagamento: 2 }, 'pagamentos[0].indicador_pagamento', 'indicador_pagamento deve ser 0 (à vista) ou 1 (a prazo)'],
    [{ data: '2026-02-30' }, 'pagamentos[0].data', 'data deve ser uma data válida no formato AAAA-MM-DD'],
    [{ data: '22/11/2026' }, 'pagamentos[0].data', 'data deve ser uma data válida'],
    [{ forma_pagamento: '99' }, 'pagamentos[0].descricao', 'descricao é obrigatória quando forma_pagamento é 99 (outros)'],
    [{ forma_pagamento: '99', descricao: 'X' }, 'pagamentos[0].descricao', 'descricao deve ter de 2 a 60 caracteres'],
    [{ forma_pagamento: '99', descricao: 'X'.repeat(61) }, 'pagamentos[0].descricao', 'descricao deve ter de 2 a 60 caracteres'],
    [
      { cnpj_transacional: CNPJ_OUTRO },
      'pagamentos[0].uf_transacional',
      'uf_transacional é obrigatória quando cnpj_transacional é informado',
    ],
    [{ uf_transacional: 'SP' }, 'pagamentos[0].cnpj_transacional', 'cnpj_transacional é obrigatório quando uf_transacional é informada'],
    [
      { cnpj_transacional: '11222333000182', uf_transacional: 'SP' },
      'pagamentos[0].cnpj_transacional',
      'cnpj_transacional não é um CNPJ válido',
    ],
    [
      { cnpj_transacional: CNPJ_OUTRO, uf_transacional: 'XX' },
      'pagamentos[0].uf_transacional',
      'uf_transacional deve ser a sigla de um estado',
    ],
    [
      { forma_pagamento: '03', cartao: { ...cartaoIntegrado, tipo_integracao: undefined } },
      'pagamentos[0].cartao.tipo_integracao',
      'tipo_integracao é obrigatório no grupo cartao',
    ],
    [
      { forma_pagamento: '03', cartao: { ...cartaoIntegrado, tipo_integracao: 3 } },
      'pagamentos[0].cartao.tipo_integracao',
      'tipo_integracao deve ser 1 (integrado) ou 2 (não integrado)',
    ],
    [{ forma_pagamento: '03', cartao: { ...cartaoIntegrado, bandeira: '28' } }, 'pagamentos[0].cartao.bandeira', 'bandeira 28 não existe'],
    [
      { forma_pagamento: '03', cartao: { ...cartaoIntegrado, cnpj_credenciadora: '123' } },
      'pagamentos[0].cartao.cnpj_credenciadora',
      'cnpj_credenciadora não é um CNPJ válido',
    ],
    [
      { forma_pagamento: '03', cartao: { ...cartaoIntegrado, cnpj_recebedor: '123' } },
      'pagamentos[0].cartao.cnpj_recebedor',
      'cnpj_recebedor não é um CNPJ válido',
    ],
    [
      { forma_pagamento: '03', cartao: { ...cartaoIntegrado, id_terminal: 'T'.repeat(41) } },
      'pagamentos[0].cartao.id_terminal',
      'id_terminal deve ter de 1 a 40 caracteres',
    ],
    [
      { forma_pagamento: '17', cartao: { ...cartaoIntegrado, codigo_autorizacao: 'E'.repeat(129) } },
      'pagamentos[0].cartao.codigo_autorizacao',
      'codigo_autorizacao deve ter de 1 a 128 caracteres',
    ],
  ] as [Partial<PagamentoEntrada>, string, string][])('each field rule broken alone: %j', (alteracao, campo, mensagem) => {
    const pagamento: PagamentoEntrada = { forma_pagamento: '01', valor: '150.00', ...alteracao };
    const e = validarPagamentos(nota({ pagamentos: [pagamento] }), sp, '150.00');
    expect(Object.keys(e)).toEqual([campo]);
    expect(e[campo][0]).toContain(mensagem);
  });

  it('accepts form 99 with a description, the transactional pair together, and every bandeira of the table', () => {
    expect(
      validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '99', valor: '150.00', descricao: 'Permuta' }] }), sp, '150.00'),
    ).toEqual({});
    expect(
      validarPagamentos(
        nota({ pagamentos: [{ forma_pagamento: '18', valor: '150.00', cnpj_transacional: CNPJ_OUTRO, uf_transacional: 'RJ' }] }),
        sp,
        '150.00',
      ),
    ).toEqual({});
    for (const bandeira of Object.keys(BANDEIRAS)) {
      expect(
        validarPagamentos(
          nota({ pagamentos: [{ forma_pagamento: '03', valor: '150.00', cartao: { ...cartaoIntegrado, bandeira } }] }),
          sp,
          '150.00',
        ),
      ).toEqual({});
    }
    expect(Object.keys(BANDEIRAS)).toHaveLength(28);
    expect(Object.keys(FORMAS_PAGAMENTO)).toHaveLength(23);
  });

  it('ajuste and devolução notes carry form 90 only', () => {
    const e = validarPagamentos(nota({ finalidade: 4, pagamentos: [{ forma_pagamento: '01', valor: '150.00' }] }), sp, '150.00');
    expect(e).toEqual({ pagamentos: ['nota de devolução não tem pagamento: use forma_pagamento 90 (sem pagamento) ou omita pagamentos'] });
    expect(validarPagamentos(nota({ finalidade: 3, pagamentos: [{ forma_pagamento: '90', valor: '0' }] }), sp, '150.00')).toEqual({});
  });

  it('at most 100 payments', () => {
    const pagamentos = Array.from({ length: 101 }, () => ({ forma_pagamento: '01', valor: '1.00' }));
    expect(validarPagamentos(nota({ pagamentos }), sp, '101.00').pagamentos).toEqual([
      'pagamentos aceita no máximo 100 formas de pagamento',
    ]);
  });
});

describe('Ceará IN 87/2025', () => {
  const naoIntegrado = { tipo_integracao: 2, bandeira: '02' };

  type Caso = {
    nome: string;
    empresa: EmpresaParaPagamentos;
    nota: Partial<NotaParaPagamentos>;
    forma: string;
    cartao?: PagamentoEntrada['cartao'];
    aceito: boolean;
  };
  const consumidor = { destinatario: { indicador_ie: 9 } };
  const contribuinte = { destinatario: { indicador_ie: 1 }, indicador_consumidor_final: false };
  const marketplace = { intermediador: { cnpj: CNPJ_OUTRO, identificador_cadastro: 'loja-x' } };
  const casos: Caso[] = [
    // covered operations: end consumer or in person
    {
      nome: 'CE, consumidor final, cartão integrado completo',
      empresa: ce,
      nota: consumidor,
      forma: '03',
      cartao: cartaoIntegrado,
      aceito: true,
    },
    { nome: 'CE, consumidor final, POS não integrado', empresa: ce, nota: consumidor, forma: '03', cartao: naoIntegrado, aceito: false },
    {
      nome: 'CE, venda presencial a contribuinte revendedor sem isenção (indicador_ie 2), não integrado',
      empresa: ce,
      nota: { destinatario: { indicador_ie: 2 }, indicador_consumidor_final: false, indicador_presenca: 1 },
      forma: '04',
      cartao: naoIntegrado,
      aceito: false,
    },
    {
      nome: 'CE, PIX dinâmico a consumidor, não integrado',
      empresa: ce,
      nota: consumidor,
      forma: '17',
      cartao: naoIntegrado,
      aceito: false,
    },
    // exempt operations accept tipo_integracao 2
    {
      nome: 'CE, B2B entre contribuintes, não integrado',
      empresa: ce,
      nota: { ...contribuinte, indicador_presenca: 1 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    {
      nome: 'CE, vendedor MEI a consumidor, não integrado',
      empresa: { regime_tributario: 4, endereco: { uf: 'CE' } },
      nota: consumidor,
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    { nome: 'CE, PIX estático a consumidor (sem cartao)', empresa: ce, nota: consumidor, forma: '20', aceito: true },
    {
      nome: 'CE, marketplace pela internet (presença 2), não integrado',
      empresa: ce,
      nota: { ...consumidor, ...marketplace, indicador_presenca: 2 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    {
      nome: 'CE, marketplace por teleatendimento (presença 3), não integrado',
      empresa: ce,
      nota: { ...consumidor, ...marketplace, indicador_presenca: 3 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    {
      nome: 'CE, marketplace com presença 9, não integrado',
      empresa: ce,
      nota: { ...consumidor, ...marketplace, indicador_presenca: 9 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: false,
    },
    {
      nome: 'CE, marketplace com presença 4, não integrado',
      empresa: ce,
      nota: { ...consumidor, ...marketplace, indicador_presenca: 4 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: false,
    },
    {
      nome: 'CE, venda pela internet sem marketplace a consumidor, não integrado',
      empresa: ce,
      nota: { ...consumidor, indicador_presenca: 2 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: false,
    },
    // not covered: neither end consumer nor in person
    {
      nome: 'CE, venda não presencial a contribuinte isento (não consumidor final), não integrado',
      empresa: ce,
      nota: { destinatario: { indicador_ie: 2 }, indicador_consumidor_final: false, indicador_presenca: 2 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    {
      nome: 'CE, nota de entrada, não integrado',
      empresa: ce,
      nota: { ...consumidor, tipo_operacao: 0 },
      forma: '03',
      cartao: naoIntegrado,
      aceito: true,
    },
    // outside Ceará tipo_integracao 2 is valid nationwide
    { nome: 'SP, consumidor final, não integrado', empresa: sp, nota: consumidor, forma: '03', cartao: naoIntegrado, aceito: true },
    {
      nome: 'SP, presencial, não integrado',
      empresa: sp,
      nota: { ...consumidor, indicador_presenca: 1 },
      forma: '04',
      cartao: naoIntegrado,
      aceito: true,
    },
  ];

  it.each(casos)('$nome -> aceito: $aceito', ({ empresa, nota: n, forma, cartao, aceito }) => {
    const e = validarPagamentos(nota({ ...n, pagamentos: [{ forma_pagamento: forma, valor: '80.00', cartao }] }), empresa, '80.00');
    if (aceito) expect(e).toEqual({});
    else {
      expect(e['pagamentos[0].cartao.tipo_integracao'][0]).toMatch(/^tipo_integracao deve ser 1 \(integrado\): no Ceará \(IN 87\/2025\)/);
      expect(e['pagamentos[0].cartao.cnpj_credenciadora']).toEqual([expect.stringContaining('cnpj_credenciadora é obrigatório: no Ceará')]);
      expect(e['pagamentos[0].cartao.codigo_autorizacao']).toEqual([expect.stringContaining('codigo_autorizacao é obrigatório: no Ceará')]);
      expect(e['pagamentos[0].cartao.id_terminal']).toEqual([expect.stringContaining('id_terminal é obrigatório: no Ceará')]);
    }
  });

  it.each(['cnpj_credenciadora', 'codigo_autorizacao', 'id_terminal'] as const)(
    'integrated payment in a covered operation still needs %s',
    (campo) => {
      const cartao = { ...cartaoIntegrado, [campo]: undefined };
      const e = validarPagamentos(nota({ pagamentos: [{ forma_pagamento: '03', valor: '80.00', cartao }] }), ce, '80.00');
      expect(Object.keys(e)).toEqual([`pagamentos[0].cartao.${campo}`]);
    },
  );

  it('situacaoCeara explains the decision', () => {
    expect(situacaoCeara(nota(), ce)).toEqual({ aplica: true, coberta: true, isencoes: [] });
    expect(situacaoCeara(nota({ ...contribuinte, indicador_presenca: 1 }), { regime_tributario: 4, endereco: { uf: 'CE' } })).toEqual({
      aplica: true,
      coberta: true,
      isencoes: ['venda_entre_contribuintes', 'vendedor_mei'],
    });
    expect(situacaoCeara(nota(), sp).aplica).toBe(false);
  });
});

describe('intermediador', () => {
  const intermediador = { cnpj: CNPJ_OUTRO, identificador_cadastro: 'loja-x' };

  it('accepts indicador_presenca 1, 2, 3, 4, 9 with a valid intermediary', () => {
    for (const p of [1, 2, 3, 4, 9]) expect(validarIntermediador({ intermediador, indicador_presenca: p })).toEqual({});
  });

  it.each([
    [{ intermediador }, 'indicador_presenca', 'indicador_presenca é obrigatório quando intermediador é informado: use 1, 2, 3, 4 ou 9'],
    [
      { intermediador, indicador_presenca: 0 },
      'indicador_presenca',
      'indicador_presenca 0 não é aceito com intermediador: use 1, 2, 3, 4 ou 9',
    ],
    [{ intermediador, indicador_presenca: 5 }, 'indicador_presenca', 'indicador_presenca 5 não é aceito com intermediador'],
    [
      { intermediador: { ...intermediador, cnpj: '123' }, indicador_presenca: 2 },
      'intermediador.cnpj',
      'intermediador.cnpj não é um CNPJ válido',
    ],
    [
      { intermediador: { identificador_cadastro: 'loja-x' }, indicador_presenca: 2 },
      'intermediador.cnpj',
      'intermediador.cnpj é obrigatório',
    ],
    [
      { intermediador: { ...intermediador, identificador_cadastro: 'x' }, indicador_presenca: 2 },
      'intermediador.identificador_cadastro',
      'de 2 a 60 caracteres',
    ],
    [
      { intermediador: { cnpj: CNPJ_OUTRO }, indicador_presenca: 2 },
      'intermediador.identificador_cadastro',
      'intermediador.identificador_cadastro é obrigatório',
    ],
    [{ indicador_presenca: 6 }, 'indicador_presenca', 'indicador_presenca deve ser 0, 1, 2, 3, 4, 5 ou 9'],
  ] as [Partial<NotaParaPagamentos>, string, string][])('rule broken alone: %j', (n, campo, mensagem) => {
    const e = validarIntermediador(n);
    expect(Object.keys(e)).toEqual([campo]);
    expect(e[campo][0]).toContain(mensagem);
  });

  it('without intermediador any known presence indicator is fine', () => {
    for (const p of [0, 1, 2, 3, 4, 5, 9]) expect(validarIntermediador({ indicador_presenca: p })).toEqual({});
    expect(validarIntermediador({})).toEqual({});
  });
});
