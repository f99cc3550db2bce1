import { TiposEventoNfe } from '@emissor/contracts';
import { contaComEmpresaApta, type ContaTeste, esperarNota, notaValida, requisitar } from '../support/api';
import { sistema } from '../support/sistema';
import { type EntregaRecebida, Receptor } from './support/receptor';
import { dormir } from '../support/tempo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
// The API's dates: with the offset, as everywhere (decisions §3); the delivery log keeps milliseconds.
const ISO_OFFSET_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/;
const JUSTIFICATIVA = 'Pedido cancelado a pedido do cliente';

/** Verdict events exist only when the SEFAZ simulator is part of the system. */
const comSimulador = sistema.APPS.some((a: { nome: string }) => a.nome === 'sefaz-simulator');
const itComSimulador = comSimulador ? it : it.skip;

/** Body of decisions §6 for the note events; exact keys of the spec's table for nfe_inutilizada. */
function conferirCorpo(e: EntregaRecebida, nota?: { uuid: string; chave_acesso: string; numero: number; codigo_externo: string }) {
  const c = e.corpo;
  expect(c.event_id).toMatch(UUID);
  expect(c.occurred_at).toMatch(ISO_UTC);
  expect(typeof c.sandbox).toBe('boolean');
  if (e.evento === 'nfe_inutilizada') {
    const chaves = Object.keys(c).sort();
    if (c.modo === 'nota') {
      expect(chaves).toEqual([
        'chave_acesso',
        'danfe_url',
        'event_id',
        'modo',
        'numero',
        'occurred_at',
        'protocolo',
        'sandbox',
        'serie',
        'situacao',
        'uuid',
        'xml_url',
      ]);
      expect(c).toMatchObject({
        situacao: 'inutilizada',
        protocolo: expect.stringMatching(/^\d{15}$/),
        numero: expect.any(Number),
        serie: expect.any(Number),
      });
    } else {
      expect(c.modo).toBe('faixa');
      expect(chaves).toEqual([
        'event_id',
        'justificativa',
        'modo',
        'numero_final',
        'numero_inicial',
        'occurred_at',
        'protocolo',
        'sandbox',
        'serie',
      ]);
    }
    return;
  }
  expect(c).toMatchObject({
    uuid: expect.stringMatching(UUID),
    codigo_externo: expect.any(String),
    chave_acesso: expect.stringMatching(/^\d{44}$/),
    numero: expect.any(Number),
    serie: expect.any(Number),
    situacao: expect.any(String),
  });
  if (nota)
    expect(c).toMatchObject({ uuid: nota.uuid, chave_acesso: nota.chave_acesso, numero: nota.numero, codigo_externo: nota.codigo_externo });
  const permitidas = [
    'event_id',
    'occurred_at',
    'sandbox',
    'uuid',
    'codigo_externo',
    'chave_acesso',
    'numero',
    'serie',
    'situacao',
    'status_sefaz',
    'protocolo',
    'xml_url',
    'danfe_url',
  ];
  // decisions §9: the carta de correção events add its sequence and text.
  if (e.evento.startsWith('nfe_carta_correcao_')) permitidas.push('sequencia', 'correcao');
  for (const k of Object.keys(c)) expect(permitidas).toContain(k);
  // decisions §6: status_sefaz of verdicts; the requests (nfe_solicitacao_*) carry none.
  if (e.evento.startsWith('nfe_solicitacao_')) expect(c).not.toHaveProperty('status_sefaz');
  else expect(c.status_sefaz).toEqual({ codigo: expect.stringMatching(/^\d{3}$/), motivo: expect.any(String) });
}

function conferirCabecalhos(e: EntregaRecebida) {
  expect(e.verificacao).toEqual({ valido: true, timestamp: expect.any(Number) });
  expect(e.cabecalhos['content-type']).toBe('application/json');
  expect(e.cabecalhos['user-agent']).toMatch(/webhook/i);
  expect(e.cabecalhos['x-webhook-event']).toBe(e.evento);
  expect(TiposEventoNfe).toContain(e.evento);
  expect(Math.abs(Number(e.cabecalhos['x-webhook-timestamp']) - e.recebidaEm / 1000)).toBeLessThan(5);
}

describe('webhooks: entregas reais a um receptor HTTP em loopback', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const receptores: Receptor[] = [];
  const req = (metodo: string, caminho: string, corpo?: unknown) =>
    requisitar(metodo, caminho, { credencial: conta.producao, cnpj, corpo });
  const novoReceptor = async () => {
    const r = await Receptor.iniciar();
    receptores.push(r);
    return r;
  };
  const cadastrar = async (receptor: Receptor, eventos?: string[]) => {
    const r = await req('POST', '/conta/v1/webhooks', { url: receptor.url(), ...(eventos ? { eventos } : {}) });
    expect(r.status).toBe(201);
    receptor.chave = r.corpo.chave_seguranca;
    return r.corpo.id as string;
  };
  const criarNota = async (extra: Record<string, unknown> = {}) => {
    const r = await req('POST', '/nfe/v1/notas', notaValida(extra));
    expect(r.status).toBe(201);
    return r.corpo;
  };
  const veredicto = (uuid: string) =>
    esperarNota(conta, cnpj, uuid, (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao), 45_000);
  const tipos = (r: Receptor, uuid?: string) => r.recebidas.filter((e) => !uuid || e.corpo?.uuid === uuid).map((e) => e.evento);

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
  });
  afterAll(async () => {
    await Promise.all(receptores.map((r) => r.parar()));
  });

  it('nfe_solicitacao_autorizacao chega assinada, com os cabeçalhos e o corpo certos, e o registro mostra a tentativa', async () => {
    const receptor = await novoReceptor();
    const id = await cadastrar(receptor);
    const nota = await criarNota();
    await receptor.esperar(() => tipos(receptor, nota.uuid).includes('nfe_solicitacao_autorizacao'), 15_000, 'nfe_solicitacao_autorizacao');
    const e = receptor.recebidas.find((x) => x.evento === 'nfe_solicitacao_autorizacao' && x.corpo.uuid === nota.uuid)!;
    conferirCabecalhos(e);
    conferirCorpo(e, nota);
    expect(e.corpo.situacao).toBe('pendente');
    expect(e.caminho).toBe('/webhook');

    const log = await req('GET', `/conta/v1/webhooks/${id}/entregas?event_id=${e.eventId}`);
    expect(log.status).toBe(200);
    expect(log.cabecalhos.get('x-total-count')).toBe('1');
    expect(log.corpo).toEqual([
      {
        id: expect.stringMatching(UUID),
        webhook_id: id,
        event_id: e.eventId,
        evento: 'nfe_solicitacao_autorizacao',
        situacao: 'entregue',
        created_at: expect.stringMatching(ISO_OFFSET_MS),
        entregue_em: expect.stringMatching(ISO_OFFSET_MS),
        proxima_tentativa_em: null,
        tentativas: [
          { numero: 1, iniciada_em: expect.stringMatching(ISO_OFFSET_MS), duracao_ms: expect.any(Number), status_http: 200, erro: null },
        ],
      },
    ]);
  });

  itComSimulador(
    'todos os tipos de evento do ciclo de vida chegam assinados, com o corpo de cada tipo',
    async () => {
      const receptor = await novoReceptor();
      await cadastrar(receptor);
      // autorizada -> cancelamento aceito
      const a = await criarNota();
      // autorizada -> cancelamento rejeitado
      const b = await criarNota();
      // rejeitada -> número inutilizado
      const c = await criarNota({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] });
      // denegada
      const d = await criarNota({ destinatario: { ...notaValida().destinatario, cpf_cnpj: '99999999000191', indicador_ie: 9 } });
      // autorizada -> carta de correção autorizada, and one rejected (decisions §9)
      const e = await criarNota();
      await Promise.all([a, b, c, d, e].map((n) => veredicto(n.uuid)));
      expect((await req('POST', `/nfe/v1/notas/${e.uuid}/carta-correcao`, { correcao: 'Onde se lê Rua A, leia-se Rua B' })).status).toBe(
        202,
      );
      expect((await req('POST', `/nfe/v1/notas/${e.uuid}/carta-correcao`, { correcao: 'REJEITAR esta carta de correção' })).status).toBe(
        202,
      );
      expect((await req('DELETE', `/nfe/v1/notas/${a.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`)).status).toBe(202);
      expect(
        (await req('DELETE', `/nfe/v1/notas/${b.uuid}/cancel?justificativa=${encodeURIComponent('REJEITAR este cancelamento de teste')}`))
          .status,
      ).toBe(202);
      expect(
        (await req('POST', `/nfe/v1/notas/${c.uuid}/inutilizar`, { justificativa: 'Nota rejeitada e não será reemitida' })).status,
      ).toBe(200);
      const faixa = {
        serie: 1,
        numero_inicial: d.numero + 50,
        numero_final: d.numero + 52,
        justificativa: 'Falha no sistema pulou a numeração',
      };
      expect((await req('POST', '/nfe/v1/inutilizacoes', faixa)).status).toBe(200);

      const esperado: Record<string, string[]> = {
        [a.uuid]: ['nfe_solicitacao_autorizacao', 'nfe_autorizada', 'nfe_solicitacao_cancelamento', 'nfe_cancelamento_autorizado'],
        [b.uuid]: ['nfe_solicitacao_autorizacao', 'nfe_autorizada', 'nfe_solicitacao_cancelamento', 'nfe_cancelamento_rejeitado'],
        [c.uuid]: ['nfe_solicitacao_autorizacao', 'nfe_rejeitada', 'nfe_inutilizada'],
        [d.uuid]: ['nfe_solicitacao_autorizacao', 'nfe_denegada'],
        [e.uuid]: ['nfe_solicitacao_autorizacao', 'nfe_autorizada', 'nfe_carta_correcao_autorizada', 'nfe_carta_correcao_rejeitada'],
      };
      const completo = () =>
        Object.entries(esperado).every(([uuid, t]) => t.every((x) => tipos(receptor, uuid).includes(x))) &&
        receptor.recebidas.some((e) => e.corpo?.modo === 'faixa');
      await receptor.esperar(completo, 45_000, 'todos os eventos do ciclo de vida');
      expect(new Set(receptor.recebidas.map((e) => e.evento))).toEqual(new Set(TiposEventoNfe));
      for (const r of receptor.recebidas) {
        conferirCabecalhos(r);
        const nota = [a, b, c, d, e].find((n) => n.uuid === r.corpo.uuid);
        conferirCorpo(r, nota);
      }
      const corpoDe = (uuid: string, tipo: string) => receptor.recebidas.find((e) => e.corpo.uuid === uuid && e.evento === tipo)!.corpo;
      expect(corpoDe(a.uuid, 'nfe_autorizada')).toMatchObject({
        situacao: 'autorizada',
        status_sefaz: { codigo: '100' },
        protocolo: expect.stringMatching(/^\d{15}$/),
        xml_url: expect.stringContaining(`/nfe/v1/notas/${a.uuid}/xml`),
        danfe_url: expect.stringContaining(a.uuid),
      });
      expect(corpoDe(a.uuid, 'nfe_cancelamento_autorizado')).toMatchObject({
        situacao: 'cancelada',
        protocolo: expect.stringMatching(/^\d{15}$/),
      });
      expect(corpoDe(b.uuid, 'nfe_cancelamento_rejeitado')).toMatchObject({ situacao: 'autorizada' });
      // A request carries no verdict (decisions §6: status_sefaz of verdicts).
      expect(corpoDe(b.uuid, 'nfe_solicitacao_cancelamento')).toMatchObject({ situacao: 'cancelamento_solicitado' });
      expect(corpoDe(b.uuid, 'nfe_solicitacao_cancelamento')).not.toHaveProperty('status_sefaz');
      expect(corpoDe(c.uuid, 'nfe_rejeitada')).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '778' } });
      expect(corpoDe(c.uuid, 'nfe_rejeitada')).not.toHaveProperty('xml_url');
      expect(corpoDe(d.uuid, 'nfe_denegada')).toMatchObject({
        situacao: 'denegada',
        status_sefaz: { codigo: '302' },
        xml_url: expect.stringContaining(`/nfe/v1/notas/${d.uuid}/xml`),
      });
      // The denied note's XML is kept by its issuer; it has no DANFE.
      expect(corpoDe(d.uuid, 'nfe_denegada')).not.toHaveProperty('danfe_url');
      expect(corpoDe(e.uuid, 'nfe_carta_correcao_autorizada')).toMatchObject({
        situacao: 'autorizada',
        sequencia: 1,
        correcao: 'Onde se lê Rua A, leia-se Rua B',
        status_sefaz: { codigo: '135' },
        protocolo: expect.stringMatching(/^\d{15}$/),
      });
      expect(corpoDe(e.uuid, 'nfe_carta_correcao_rejeitada')).toMatchObject({
        situacao: 'autorizada',
        sequencia: 2,
        status_sefaz: { codigo: '596' },
      });
      expect(corpoDe(c.uuid, 'nfe_inutilizada')).toMatchObject({
        modo: 'nota',
        uuid: c.uuid,
        numero: c.numero,
        chave_acesso: c.chave_acesso,
        situacao: 'inutilizada',
      });
      // Its xml_url serves the number's invalidation (ProcInutNFe) with the event's protocol.
      const inutilizada = corpoDe(c.uuid, 'nfe_inutilizada');
      const proc = await req('GET', new URL(inutilizada.xml_url).pathname);
      expect(proc.status).toBe(200);
      expect(proc.texto).toContain('<ProcInutNFe');
      expect(proc.texto).toContain(`<nProt>${inutilizada.protocolo}</nProt>`);
      const f = receptor.recebidas.find((e) => e.corpo.modo === 'faixa')!.corpo;
      expect(f).toMatchObject({
        modo: 'faixa',
        sandbox: false,
        serie: 1,
        numero_inicial: faixa.numero_inicial,
        numero_final: faixa.numero_final,
        justificativa: faixa.justificativa,
      });
      // event_id is unique per event.
      expect(new Set(receptor.recebidas.map((e) => e.eventId)).size).toBe(receptor.recebidas.length);
    },
    120_000,
  );

  it('filtro de eventos, endpoint removido e endpoint desativado por 410 não recebem o que não devem', async () => {
    const todos = await novoReceptor();
    const filtrado = await novoReceptor();
    const removido = await novoReceptor();
    const gone = await novoReceptor();
    gone.responder = () => 410;
    await cadastrar(todos);
    await cadastrar(filtrado, ['nfe_autorizada']);
    const idRemovido = await cadastrar(removido);
    const idGone = await cadastrar(gone);
    expect((await req('DELETE', `/conta/v1/webhooks/${idRemovido}`)).status).toBe(204);

    const primeira = await criarNota();
    await todos.esperar(() => tipos(todos, primeira.uuid).includes('nfe_solicitacao_autorizacao'), 15_000);
    await gone.esperar(() => gone.recebidas.length >= 1, 15_000, 'o 410');
    // The 410 disabled the endpoint: it shows in the list, and redelivery is refused.
    const esperarDesativado = Date.now() + 10_000;
    let lista = await req('GET', '/conta/v1/webhooks');
    while (lista.corpo.find((w: any) => w.id === idGone)?.ativo !== false && Date.now() < esperarDesativado) {
      await dormir(100);
      lista = await req('GET', '/conta/v1/webhooks');
    }
    expect(lista.corpo.find((w: any) => w.id === idGone)).toMatchObject({
      ativo: false,
      desativado_motivo: expect.stringContaining('410'),
    });
    expect(lista.corpo.map((w: any) => w.id)).not.toContain(idRemovido);
    // What was attempted got the 410 and failed; anything else queued for it was cancelled, never sent.
    await dormir(300);
    const logGone = (await req('GET', `/conta/v1/webhooks/${idGone}/entregas`)).corpo;
    const tentadas = logGone.filter((e: any) => e.tentativas.length);
    expect(tentadas.length).toBeGreaterThanOrEqual(1);
    for (const e of tentadas) expect(e).toMatchObject({ situacao: 'falhou', tentativas: [expect.objectContaining({ status_http: 410 })] });
    for (const e of logGone.filter((x: any) => !x.tentativas.length)) expect(e.situacao).toBe('cancelada');
    const reenvio = await req('POST', `/conta/v1/webhooks/${idGone}/entregas/${tentadas[0].id}/reenviar`);
    expect(reenvio.status).toBe(422);
    const recebidasPeloDesativado = gone.recebidas.length;

    const segunda = await criarNota();
    const esperados = comSimulador ? ['nfe_solicitacao_autorizacao', 'nfe_autorizada'] : ['nfe_solicitacao_autorizacao'];
    await todos.esperar(() => esperados.every((t) => tipos(todos, segunda.uuid).includes(t)), 30_000, 'eventos da segunda nota');
    if (comSimulador) await filtrado.esperar(() => tipos(filtrado, segunda.uuid).includes('nfe_autorizada'), 15_000);
    // Everything the unfiltered endpoint got has been fanned out already: the others had their chance.
    await dormir(300);
    expect(new Set(tipos(filtrado))).toEqual(comSimulador ? new Set(['nfe_autorizada']) : new Set());
    for (const e of filtrado.recebidas) expect(e.verificacao.valido).toBe(true);
    expect(removido.recebidas).toEqual([]);
    expect(gone.recebidas).toHaveLength(recebidasPeloDesativado);
  }, 90_000);

  it('reenvio: o mesmo event_id chega de novo, com nova assinatura, e o registro mostra as duas tentativas', async () => {
    const receptor = await novoReceptor();
    const id = await cadastrar(receptor);
    const nota = await criarNota();
    await receptor.esperar(() => tipos(receptor, nota.uuid).includes('nfe_solicitacao_autorizacao'), 15_000);
    const original = receptor.recebidas.find((e) => e.corpo.uuid === nota.uuid && e.evento === 'nfe_solicitacao_autorizacao')!;
    const [entrega] = (await req('GET', `/conta/v1/webhooks/${id}/entregas?event_id=${original.eventId}`)).corpo;
    await dormir(1100); // a later second, so the timestamp (and the signature) must change
    const r = await req('POST', `/conta/v1/webhooks/${id}/entregas/${entrega.id}/reenviar`);
    expect(r.status).toBe(202);
    expect(r.corpo).toMatchObject({ id: entrega.id, event_id: original.eventId });
    await receptor.esperar(() => receptor.recebidas.filter((e) => e.eventId === original.eventId).length === 2, 10_000, 'o reenvio');
    const reenviada = receptor.recebidas.filter((e) => e.eventId === original.eventId)[1];
    expect(reenviada.corpoBruto).toBe(original.corpoBruto);
    expect(reenviada.verificacao.valido).toBe(true);
    expect(reenviada.cabecalhos['x-webhook-signature']).not.toBe(original.cabecalhos['x-webhook-signature']);
    const fim = Date.now() + 5000;
    let log: any;
    do {
      [log] = (await req('GET', `/conta/v1/webhooks/${id}/entregas?event_id=${original.eventId}`)).corpo;
    } while (log.tentativas.length < 2 && Date.now() < fim);
    expect(log).toMatchObject({
      situacao: 'entregue',
      tentativas: [
        { numero: 1, status_http: 200 },
        { numero: 2, status_http: 200 },
      ],
    });
  });
});
