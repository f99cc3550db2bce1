import { contaComEmpresaApta, type ContaTeste, esperarCartas, esperarNota, notaValida, requisitar, type Resposta } from '../support/api';
import { Receptor } from '../webhooks/support/receptor';

/**
 * Requests that change one note's state, sent at the same time: an integrator retrying on a timeout
 * while its first call is still running, or two workers acting on the same note. Whatever the order,
 * a number goes to exactly one destiny (one reissue, or its invalidation), a note is cancelled once,
 * corrections get distinct sequences, and no answer is a 5xx.
 */
describe('NF-e: pedidos simultâneos sobre a mesma nota', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const JUSTIFICATIVA = 'Cancelamento por erro de digitação';

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
  });

  /** Requests as an account's company (production credential). */
  const pedidosDe = (c: ContaTeste, empresa: string) => (metodo: string, caminho: string, corpo?: unknown) =>
    requisitar(metodo, caminho, { credencial: c.producao, cnpj: empresa, corpo });
  const req = (metodo: string, caminho: string, corpo?: unknown) => pedidosDe(conta, cnpj)(metodo, caminho, corpo);
  const semErroDoServidor = (respostas: Resposta[]) =>
    expect(respostas.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.texto}`)).toEqual([]);

  /** A note SEFAZ rejected (NCM 00000000, decisions §4), of the shared account's company unless told another. */
  async function notaRejeitada(c = conta, empresa = cnpj): Promise<{ uuid: string; numero: number; serie: number }> {
    const r = await pedidosDe(c, empresa)('POST', '/nfe/v1/notas', notaValida({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] }));
    expect(r.status).toBe(201);
    return esperarNota(c, empresa, r.corpo.uuid, (n) => n.situacao === 'rejeitada');
  }

  it('reemitir três vezes e inutilizar duas, ao mesmo tempo: o número tem um só destino', async () => {
    for (let rodada = 0; rodada < 6; rodada++) {
      const rejeitada = await notaRejeitada();
      const pedidos = [
        ...[1, 2, 3].map(
          (i) => () =>
            req('POST', `/nfe/v1/notas/${rejeitada.uuid}/reemitir`, notaValida({ codigo_externo: `R-${rodada}-${i}-${Date.now()}` })),
        ),
        ...[1, 2].map(
          () => () => req('POST', `/nfe/v1/notas/${rejeitada.uuid}/inutilizar`, { justificativa: 'Nota rejeitada e não será reemitida' }),
        ),
      ];
      // Alternate the order between rounds so neither kind always starts first.
      const respostas = await Promise.all((rodada % 2 ? pedidos.reverse() : pedidos).map((f) => f()));
      semErroDoServidor(respostas);
      const reemissoes = respostas.filter((r) => r.status === 201);
      const inutilizacoes = respostas.filter((r) => r.status === 200);
      // Exactly one destiny: one reissue and no invalidation, or invalidation(s) of the same number and no reissue.
      expect(reemissoes.length + (inutilizacoes.length ? 1 : 0)).toBe(1);
      for (const r of respostas.filter((x) => x.status >= 300)) expect(r.status).toBe(422);

      const antiga = (await req('GET', `/nfe/v1/notas/${rejeitada.uuid}`)).corpo;
      if (reemissoes.length) {
        const nova = reemissoes[0].corpo;
        expect(nova).toMatchObject({ numero: rejeitada.numero, serie: rejeitada.serie, reemitida_de_uuid: rejeitada.uuid });
        expect(antiga).toMatchObject({ situacao: 'rejeitada', reemitida_uuid: nova.uuid });
        expect(await esperarNota(conta, cnpj, nova.uuid, (n) => !['pendente', 'em_processamento'].includes(n.situacao))).toMatchObject({
          situacao: 'autorizada',
        });
      } else {
        expect(antiga.situacao).toBe('inutilizada');
        expect(antiga.reemitida_uuid).toBeUndefined();
      }
      // The number is on one note of the company's list only (plus the rejected one it came from).
      const lista = await req('GET', `/nfe/v1/notas?per_page=100`);
      const comONumero = lista.corpo.filter(
        (n: { numero: number; serie: number }) => n.numero === rejeitada.numero && n.serie === rejeitada.serie,
      );
      expect(comONumero.length).toBe(reemissoes.length ? 2 : 1);
    }
  }, 120_000);

  it('cancelar duas vezes e corrigir três, ao mesmo tempo: cancelada uma vez; cartas com sequências distintas', async () => {
    const criada = await req('POST', '/nfe/v1/notas', notaValida());
    expect(criada.status).toBe(201);
    const uuid = criada.corpo.uuid;
    await esperarNota(conta, cnpj, uuid, (n) => n.situacao === 'autorizada');
    const respostas = await Promise.all([
      req('DELETE', `/nfe/v1/notas/${uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`),
      ...[1, 2, 3].map((i) =>
        req('POST', `/nfe/v1/notas/${uuid}/carta-correcao`, { correcao: `Correção número ${i} do endereço de entrega` }),
      ),
      req('DELETE', `/nfe/v1/notas/${uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`),
    ]);
    semErroDoServidor(respostas);
    for (const r of respostas) expect([202, 422]).toContain(r.status);
    const cancelamentos = [respostas[0], respostas[4]];
    expect(cancelamentos.filter((r) => r.status === 202).length).toBeGreaterThanOrEqual(1);

    const final = await esperarNota(conta, cnpj, uuid, (n) => n.situacao === 'cancelada', 30_000);
    expect(final.protocolo_cancelamento).toMatch(/^\d{15}$/);
    // Every correction accepted for sending has its own sequence, and each ends with SEFAZ's verdict.
    const cartas = await esperarCartas(conta, cnpj, uuid, (lista) => lista.every((c) => c.situacao !== 'pendente'));
    const sequencias = cartas.map((c) => c.sequencia);
    expect(new Set(sequencias).size).toBe(sequencias.length);
    expect(respostas.slice(1, 4).filter((r) => r.status === 202).length).toBe(cartas.length);
  }, 120_000);

  it('inutilizar uma faixa logo à frente do contador enquanto notas são criadas: nenhum número nas duas, e nenhuma lacuna', async () => {
    const { conta: c, cnpj: empresa } = await contaComEmpresaApta();
    const pedir = pedidosDe(c, empresa);
    let ultimo = 0;
    for (let rodada = 0; rodada < 4; rodada++) {
      // A range two to four numbers ahead of the last: the creations reach it while it is being reserved.
      const faixa = { inicial: ultimo + 2 + rodada, final: ultimo + 4 + rodada };
      const respostas = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) =>
          pedir('POST', '/nfe/v1/notas', notaValida({ codigo_externo: `F-${rodada}-${i}-${Date.now()}` })),
        ),
        pedir('POST', '/nfe/v1/inutilizacoes', {
          serie: 1,
          numero_inicial: faixa.inicial,
          numero_final: faixa.final,
          justificativa: 'Faixa pulada por falha no sistema',
        }),
      ]);
      semErroDoServidor(respostas);
      const criadas = respostas.slice(0, 8);
      expect(criadas.map((r) => r.status)).toEqual(Array(8).fill(201));
      const inutilizacao = respostas[8];
      expect([200, 422]).toContain(inutilizacao.status);
      const numeros = criadas.map((r) => r.corpo.numero as number).sort((a, b) => a - b);
      const inutilizados =
        inutilizacao.status === 200 ? Array.from({ length: faixa.final - faixa.inicial + 1 }, (_, i) => faixa.inicial + i) : [];
      // No number is both a note's and invalidated, and together they run on from the last number without a gap.
      expect(numeros.filter((n) => inutilizados.includes(n))).toEqual([]);
      const todos = [...numeros, ...inutilizados.filter((n) => n > ultimo)].sort((a, b) => a - b);
      const maior = todos[todos.length - 1];
      expect(todos).toEqual(Array.from({ length: maior - ultimo }, (_, i) => ultimo + 1 + i));
      ultimo = Math.max(...numeros);
    }
  }, 120_000);

  it('inutilizar um número por vários pedidos ao mesmo tempo: o mesmo protocolo em cada 200 e no evento', async () => {
    const { conta: c, cnpj: empresa } = await contaComEmpresaApta();
    const pedir = pedidosDe(c, empresa);
    const receptor = await Receptor.iniciar();
    try {
      const webhook = await pedir('POST', '/conta/v1/webhooks', { url: receptor.url(), eventos: ['nfe_inutilizada'] });
      expect(webhook.status).toBe(201);
      receptor.chave = webhook.corpo.chave_seguranca;
      const justificativa = 'Número pulado por falha no sistema';
      const PROTOCOLO = /^\d{15}$/;
      for (let rodada = 0; rodada < 3; rodada++) {
        const rejeitada = await notaRejeitada(c, empresa);
        const livre = 500 + rodada;
        const faixaDe = (n: number) => ({ serie: 1, numero_inicial: n, numero_final: n, justificativa });
        const pedidos = [
          ...[1, 2, 3].map(() => () => pedir('POST', `/nfe/v1/notas/${rejeitada.uuid}/inutilizar`, { justificativa })),
          ...[1, 2].map(() => () => pedir('POST', '/nfe/v1/inutilizacoes', faixaDe(rejeitada.numero))),
          ...[1, 2, 3, 4].map(() => () => pedir('POST', '/nfe/v1/inutilizacoes', faixaDe(livre))),
        ];
        const ordem = rodada % 2 ? [...pedidos].reverse() : pedidos;
        const respostas = await Promise.all(ordem.map((f) => f()));
        if (rodada % 2) respostas.reverse();
        semErroDoServidor(respostas);
        // The note's number: its own path invalidates it; a range request for it is refused (a note holds it).
        expect(respostas.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
        for (const r of respostas.slice(0, 3)) expect(r.corpo).toMatchObject({ uuid: rejeitada.uuid, situacao: 'inutilizada' });
        expect(respostas.slice(3, 5).map((r) => r.status)).toEqual([422, 422]);
        // The free number: every caller gets SEFAZ's protocol, the same one.
        const daFaixa = respostas.slice(5);
        expect(daFaixa.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        const protocolos = new Set(daFaixa.map((r) => r.corpo.protocolo));
        expect(protocolos.size).toBe(1);
        const [protocolo] = protocolos;
        expect(protocolo).toMatch(PROTOCOLO);

        // One event per number, each with a protocol; the range's is the one the callers got.
        await receptor.esperar(
          () =>
            receptor.recebidas.some((e) => e.corpo.uuid === rejeitada.uuid) &&
            receptor.recebidas.some((e) => e.corpo.modo === 'faixa' && e.corpo.numero_inicial === livre),
          20_000,
          `eventos nfe_inutilizada da rodada ${rodada}`,
        );
        expect(receptor.recebidas.find((e) => e.corpo.uuid === rejeitada.uuid)!.corpo.protocolo).toMatch(PROTOCOLO);
        expect(receptor.recebidas.find((e) => e.corpo.numero_inicial === livre)!.corpo.protocolo).toBe(protocolo);
        // The ProcInutNFe of each is served, with the protocol in it.
        const xmlNota = await pedir('GET', `/nfe/v1/notas/${rejeitada.uuid}/xml`);
        expect(xmlNota.status).toBe(200);
        expect(xmlNota.texto).toMatch(/<nProt>\d{15}<\/nProt>/);
        const xmlFaixa = await pedir('GET', `/nfe/v1/inutilizacoes/1/${livre}/${livre}/xml`);
        expect(xmlFaixa.status).toBe(200);
        expect(xmlFaixa.texto).toContain(`<nProt>${protocolo}</nProt>`);
      }
      // Late duplicates would have arrived by now: exactly one event per invalidated number.
      await new Promise((ok) => setTimeout(ok, 1_000));
      const porNumero = receptor.recebidas
        .filter((e) => e.vez === 1)
        .map((e) => (e.corpo.modo === 'nota' ? e.corpo.uuid : `faixa ${e.corpo.numero_inicial}`));
      expect(porNumero.length).toBe(6);
      expect(new Set(porNumero).size).toBe(6);
    } finally {
      await receptor.parar();
    }
  }, 120_000);
});
