import { requisitar, type ContaTeste } from '../support/api';
import {
  criarNfse,
  empresaNfse,
  esperarNfse,
  notaNfse,
  obterNfse,
  simulador,
  terminal,
  TOMADOR_IRREGULAR,
  cadastrarServico,
} from './apoio';
import { errosEsquemaNfse } from './esquema-nfse';
import { dormir } from '../support/tempo';

describe('NFS-e: emissão', () => {
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    ({ conta, cnpj } = await empresaNfse());
  });

  it('201 com a resposta completa e pendente; depois emitida com número e código de verificação', async () => {
    const r = await criarNfse(
      conta,
      cnpj,
      notaNfse({ codigo_externo: 'PRIMEIRA', nbs_codigo: '115021000', descricao: 'Suporte mensal', observacoes: 'Contrato 42' }),
    );
    expect(r.status).toBe(201);
    expect(errosEsquemaNfse(r.corpo)).toEqual([]);
    expect(r.corpo).toMatchObject({
      codigo_externo: 'PRIMEIRA',
      valor_servicos: '1500.00',
      iss: { base_calculo: '1500.00', valor_iss: '75.00', valor_liquido: '1500.00', aliquota_iss: '0.05' },
      rps: { situacao: 'pendente', numero: 1, serie: '1', tipo: '1' },
      nfse: { situacao: 'pendente' },
      tomador: {
        razao_social: 'Tomador de Teste LTDA',
        cpf_cnpj: '12345678000195',
        email: 'financeiro@tomador.com.br',
        endereco: { cep: '01310-100', uf: 'SP' },
      },
      servico: { codigo_cnae: '6201501', codigo_item_lista: '01.07', descricao: 'Suporte técnico em informática' },
      nbs: { codigo: '115021000' },
      descricao: 'Suporte mensal',
      observacoes: 'Contrato 42',
    });
    expect(Number.isInteger(r.corpo.id)).toBe(true);
    expect(r.corpo.rps.data_emissao).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);

    const emitida = await esperarNfse(conta, cnpj, r.corpo.id, (n) => n.nfse.situacao === 'emitida');
    expect(emitida).toMatchObject({
      id: r.corpo.id,
      rps: { situacao: 'processado_com_sucesso', numero: 1 },
      nfse: { situacao: 'emitida' },
    });
    expect(emitida.nfse.numero).toMatch(/^\d+$/);
    expect(emitida.nfse.codigo_verificacao).toMatch(/^[A-Z0-9]{9}$/);
    expect(emitida.nfse.data_emissao).toMatch(/-03:00$/);
    const naPrefeitura = await simulador.nfse(cnpj);
    expect(naPrefeitura).toEqual([
      expect.objectContaining({
        numero: emitida.nfse.numero,
        codigo_verificacao: emitida.nfse.codigo_verificacao,
        rps_numero: '1',
        rps_serie: '1',
      }),
    ]);
  });

  it('tomador 99999999000191 (valor de teste): RPS processado_com_erro, sem NFS-e', async () => {
    const r = await criarNfse(conta, cnpj, notaNfse({ tomador: { razao_social: 'Tomador Irregular', cpf_cnpj: TOMADOR_IRREGULAR } }));
    expect(r.status).toBe(201);
    const falhou = await esperarNfse(conta, cnpj, r.corpo.id, terminal);
    expect(falhou).toMatchObject({ rps: { situacao: 'processado_com_erro' }, nfse: { situacao: 'pendente' } });
    expect(falhou.nfse.numero).toBeUndefined();
  });

  it('tomador reaproveitado por CPF/CNPJ: a segunda nota herda endereço e contato, e atualiza o que enviar', async () => {
    const documento = '11.444.777/0001-61';
    const primeira = await criarNfse(
      conta,
      cnpj,
      notaNfse({
        tomador: {
          razao_social: 'Cliente Recorrente',
          cpf_cnpj: documento,
          email: 'a@recorrente.com',
          telefone: '1133334444',
          endereco: {
            cep: '20040-002',
            logradouro: 'Avenida Rio Branco',
            numero: '1',
            bairro: 'Centro',
            municipio: 'Rio de Janeiro',
            uf: 'RJ',
          },
        },
      }),
    );
    expect(primeira.status).toBe(201);
    const segunda = await criarNfse(
      conta,
      cnpj,
      notaNfse({ tomador: { razao_social: 'Cliente Recorrente S.A.', cpf_cnpj: '11444777000161', email: 'b@recorrente.com' } }),
    );
    expect(segunda.status).toBe(201);
    expect(errosEsquemaNfse(segunda.corpo)).toEqual([]);
    expect(segunda.corpo.tomador).toEqual({
      razao_social: 'Cliente Recorrente S.A.',
      cpf_cnpj: '11444777000161',
      email: 'b@recorrente.com',
      telefone: '1133334444',
      endereco: {
        cep: '20040-002',
        logradouro: 'Avenida Rio Branco',
        numero: '1',
        bairro: 'Centro',
        municipio: 'Rio de Janeiro',
        uf: 'RJ',
      },
    });
    // The first note keeps the tomador as it was when issued.
    expect((await obterNfse(conta, cnpj, primeira.corpo.id)).corpo.tomador).toMatchObject({
      razao_social: 'Cliente Recorrente',
      email: 'a@recorrente.com',
    });
  });

  it('serviço fora do catálogo do município: 422 Serviço não encontrado, sem consumir número', async () => {
    const antes = await criarNfse(conta, cnpj, notaNfse());
    const r = await criarNfse(conta, cnpj, notaNfse({ servico: { codigo_item_lista: '99.99', codigo_cnae: '6201501' } }));
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Serviço não encontrado' });
    const depois = await criarNfse(conta, cnpj, notaNfse());
    expect(depois.corpo.rps.numero).toBe(antes.corpo.rps.numero + 1);
    // Without CNAE the item alone finds the service when it names one entry.
    const semCnae = await criarNfse(conta, cnpj, notaNfse({ servico: { codigo_item_lista: '01.07' } }));
    expect(semCnae.status).toBe(201);
    // The item written as "1.07" or "0107" is the catalog's "01.07".
    for (const codigo_item_lista of ['1.07', '0107']) {
      const outraForma = await criarNfse(conta, cnpj, notaNfse({ servico: { codigo_item_lista, codigo_cnae: '6201501' } }));
      expect([outraForma.status, outraForma.corpo.servico?.codigo_item_lista]).toEqual([201, '01.07']);
    }
    // An item with two entries is found twice, not missing: the CNAE the request lacks is named.
    for (const codigo_cnae of ['6911701', '6911702'])
      expect(
        (await cadastrarServico(undefined, { codigo_cnae, codigo_item_lista: '17.02', descricao: 'Advocacia', aliquota_iss: '0.05' }))
          .status,
      ).toBe(201);
    const ambiguo = await criarNfse(conta, cnpj, notaNfse({ servico: { codigo_item_lista: '17.02' } }));
    expect([ambiguo.status, ambiguo.corpo]).toEqual([
      422,
      { error: 'invalid_params', params: { 'servico.codigo_cnae': [expect.stringContaining('mais de um serviço no catálogo')] } },
    ]);
    expect((await criarNfse(conta, cnpj, notaNfse({ servico: { codigo_item_lista: '17.02', codigo_cnae: '6911702' } }))).status).toBe(201);
  });

  it('codigo_externo repetido: 422; pedidos simultâneos com o mesmo código: exatamente um 201', async () => {
    const dup = notaNfse();
    expect((await criarNfse(conta, cnpj, dup)).status).toBe(201);
    const repetida = await criarNfse(conta, cnpj, dup);
    expect(repetida.status).toBe(422);
    expect(repetida.corpo).toEqual({ error: 'Código externo já está em uso' });
    const simultaneas = await Promise.all(
      Array.from({ length: 10 }, () => criarNfse(conta, cnpj, notaNfse({ codigo_externo: 'CORRIDA-NFSE' }))),
    );
    expect(simultaneas.map((s) => s.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const s of simultaneas.filter((x) => x.status === 422)) expect(s.corpo).toEqual({ error: 'Código externo já está em uso' });
  });

  it('validação do corpo: obrigatórios, decimal, propriedade desconhecida (422 invalid_params)', async () => {
    const r = await criarNfse(conta, cnpj, {
      valor_servicos: '10,50',
      servico: {},
      tomador: { cpf_cnpj: '123', extra: 1 },
      desconhecido: true,
    });
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
    expect(Object.keys(r.corpo.params).sort()).toEqual(
      [
        'codigo_externo',
        'desconhecido',
        'servico.codigo_item_lista',
        'tomador.cpf_cnpj',
        'tomador.extra',
        'tomador.razao_social',
        'valor_servicos',
      ].sort(),
    );
    const vazio = await criarNfse(conta, cnpj, notaNfse({ codigo_externo: '' }));
    expect(vazio.corpo.params).toEqual({ codigo_externo: ['não pode ser vazio'] });
    // More than the layout's 13 integer digits would get the municipality to refuse the whole batch.
    const grande = await criarNfse(conta, cnpj, notaNfse({ valor_servicos: '99999999999999.00' }));
    expect([grande.status, grande.corpo]).toEqual([
      422,
      { error: 'invalid_params', params: { valor_servicos: ['deve ser no máximo 9999999999999.99'] } },
    ]);
    expect((await criarNfse(conta, cnpj, notaNfse({ valor_servicos: '0009999999999999.99' }))).status).toBe(201);
    const endereco = {
      cep: '20040-002',
      logradouro: 'Avenida Rio Branco',
      numero: '1',
      bairro: 'Centro',
      municipio: 'Rio de Janeiro',
      uf: 'XX',
    };
    const uf = await criarNfse(conta, cnpj, notaNfse({ tomador: { razao_social: 'Tomador', cpf_cnpj: '12345678909', endereco } }));
    expect([uf.status, uf.corpo.params]).toEqual([
      422,
      { 'tomador.endereco.uf': ['deve ser a sigla de um estado brasileiro, por exemplo "SP"'] },
    ]);
    const contato = await criarNfse(
      conta,
      cnpj,
      notaNfse({
        tomador: {
          razao_social: 'Tomador',
          cpf_cnpj: '12.345.678/0001-9',
          email: 'sem-arroba',
          telefone: '123',
          endereco: { ...endereco, cep: '123', uf: 'RJ' },
        },
      }),
    );
    expect([contato.status, contato.corpo]).toEqual([
      422,
      {
        error: 'invalid_params',
        params: {
          'tomador.cpf_cnpj': ['não é um CPF (11 dígitos) ou CNPJ (14 caracteres) válido'],
          'tomador.email': ['deve ser um e-mail válido'],
          'tomador.telefone': ['deve ter de 6 a 20 dígitos, por exemplo "(11) 3333-4444"'],
          'tomador.endereco.cep': ['deve ter 8 dígitos, por exemplo "01310-100"'],
        },
      },
    ]);
    // A blank e-mail or telephone is "not sent": the tomador keeps what it had.
    const semContato = await criarNfse(
      conta,
      cnpj,
      notaNfse({ tomador: { razao_social: 'Tomador', cpf_cnpj: '12345678909', email: ' ', telefone: '' } }),
    );
    expect(semContato.status).toBe(201);
    const numero = await criarNfse(conta, cnpj, notaNfse({ valor_servicos: 10.5 }));
    expect(numero.corpo.params).toEqual({ valor_servicos: ['deve ser um número decimal em texto, como "10.50"'] });
    // The NF-e layout's minimum of 2 (xBairro) is the NF-e recipient's, not the tomador's: one letter is a bairro here.
    const bairro = await criarNfse(
      conta,
      cnpj,
      notaNfse({ tomador: { razao_social: 'Tomador', cpf_cnpj: '12345678909', endereco: { ...endereco, uf: 'RJ', bairro: 'B' } } }),
    );
    expect(bairro.status).toBe(201);
  });

  it('nota desconhecida: 404 Nota fiscal não encontrada; id inválido: 400; nota de outra conta: 404', async () => {
    const r = await obterNfse(conta, cnpj, 987654321);
    expect(r.status).toBe(404);
    expect(r.corpo).toEqual({ error: 'Nota fiscal não encontrada' });
    expect((await obterNfse(conta, cnpj, 'abc')).status).toBe(400);
    const outra = await empresaNfse();
    const minha = await criarNfse(conta, cnpj, notaNfse());
    expect((await obterNfse(outra.conta, outra.cnpj, minha.corpo.id)).status).toBe(404);
  });

  it('catálogo: admin com token; corpo validado', async () => {
    const comAliquota = (aliquota_iss: string) =>
      cadastrarServico('3550308', { codigo_cnae: '6201501', codigo_item_lista: '01.07', descricao: 'x', aliquota_iss });
    expect((await comAliquota('5')).status).toBe(422);
    // LC 116/2003, art. 8º, II: 5 % is the ISS's ceiling in every municipality.
    const acimaDoTeto = await comAliquota('0.06');
    expect(acimaDoTeto.status).toBe(422);
    expect(acimaDoTeto.corpo.params).toEqual({
      aliquota_iss: [
        'deve ser uma fração de 0 a 0.05 com até 4 casas (0.05 significa 5 %, a alíquota máxima do ISS: LC 116/2003, art. 8º, II)',
      ],
    });
    // LC 116/2003, art. 8º-A: 2 % is its floor, except for the subitems 7.02, 7.05 and 16.01 (§1).
    const abaixoDoPiso = await comAliquota('0.0199');
    expect([abaixoDoPiso.status, abaixoDoPiso.corpo.params]).toEqual([
      422,
      {
        aliquota_iss: [
          'deve ser de pelo menos 0.02 (2 %, a alíquota mínima do ISS: LC 116/2003, art. 8º-A); abaixo dela, só os subitens 07.02, 07.05 e 16.01',
        ],
      },
    ]);
    // A number is named as a wrong type, not judged as a rate (round 15 got the floor's message for 0.02).
    const numero = await cadastrarServico('3550308', {
      codigo_cnae: '6201501',
      codigo_item_lista: '01.07',
      descricao: 'x',
      aliquota_iss: 0.02 as unknown as string,
    });
    expect([numero.status, numero.corpo.params]).toEqual([422, { aliquota_iss: ['deve ser um número decimal em texto, como "10.50"'] }]);
    const transporteColetivo = await cadastrarServico('3550308', {
      codigo_cnae: '4921301',
      codigo_item_lista: '16.01',
      descricao: 'Transporte coletivo municipal de passageiros',
      aliquota_iss: '0.01',
    });
    expect([transporteColetivo.status, transporteColetivo.corpo.aliquota_iss]).toEqual([201, '0.01']);
    // Written in full: ".05" would travel as sent to the adapter, whose command check refuses it (the note would stay pendente).
    const abreviada = await comAliquota('.05');
    expect(abreviada.status).toBe(422);
    expect(Object.keys(abreviada.corpo.params)).toEqual(['aliquota_iss']);
    const semToken = await fetch(`${process.env.E2E_URL}/admin/v1/municipios/3550308/servicos`, { method: 'POST' });
    expect(semToken.status).toBe(401);
    const r = await cadastrarServico('2304400', {
      codigo_cnae: '6202-3/00',
      codigo_item_lista: '01.03',
      descricao: 'Processamento de dados',
      aliquota_iss: '0.02',
    });
    expect(r.status).toBe(201);
    expect(r.corpo).toEqual({
      codigo_municipio: '2304400',
      codigo_cnae: '6202300',
      codigo_item_lista: '01.03',
      descricao: 'Processamento de dados',
      aliquota_iss: '0.02',
    });
    expect(
      (await cadastrarServico('123', { codigo_cnae: '6202300', codigo_item_lista: '01.03', descricao: 'x', aliquota_iss: '0.02' })).status,
    ).toBe(400);
    // A code whose check digit or state prefix is wrong names no municipality (9999999: no state 99).
    for (const codigo of ['9999999', '3550307']) {
      const r = await cadastrarServico(codigo, {
        codigo_cnae: '6202300',
        codigo_item_lista: '01.03',
        descricao: 'x',
        aliquota_iss: '0.02',
      });
      expect({ status: r.status, params: r.corpo.params }).toEqual({
        status: 400,
        params: { codigo_municipio: ['não é o código IBGE de um município (a UF ou o dígito verificador não confere)'] },
      });
    }
  });
  it('credencial sandbox: numeração própria, homologação do simulador, invisível à credencial de produção', async () => {
    const r = await requisitar('POST', '/nfse/v1/notas', {
      credencial: conta.sandbox,
      cnpj,
      corpo: notaNfse({ codigo_externo: 'PRIMEIRA' }),
    });
    expect(r.status).toBe(201);
    expect(r.corpo.rps.numero).toBe(1);
    expect((await obterNfse(conta, cnpj, r.corpo.id)).status).toBe(404);
    const fim = Date.now() + 20_000;
    let nota: any;
    do {
      nota = (await requisitar('GET', `/nfse/v1/notas/${r.corpo.id}`, { credencial: conta.sandbox, cnpj })).corpo;
      if (nota.nfse.situacao === 'emitida') break;
      await dormir(150);
    } while (Date.now() < fim);
    expect(nota.nfse.situacao).toBe('emitida');
    expect((await simulador.nfse(cnpj)).filter((n: any) => n.ambiente === 'homologacao')).toHaveLength(1);
  });
});
