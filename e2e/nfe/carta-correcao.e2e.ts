import { contaComEmpresaApta, type ContaTeste, esperarCartas, esperarNota, notaValida, requisitar } from '../support/api';
import { verificarNfeComFerramentasOficiais } from '../support/xml';
import { Receptor } from '../webhooks/support/receptor';

/**
 * Carta de correção (event 110110, decisions §9) end to end: gateway -> nfe-service -> the adapter's
 * event pipeline -> the SEFAZ simulator, and back; the procEventoNFe checked by xmllint against the
 * official procCCeNFe_v1.00.xsd and by xmlsec1 --verify; the webhooks; the 422/400/404/409 cases.
 */
const SOMENTE_AUTORIZADAS = 'Somente notas autorizadas podem receber carta de correção';

describe('NF-e: carta de correção (110110)', () => {
  let conta: ContaTeste;
  let cnpj: string;
  let receptor: Receptor;
  const req = (metodo: string, caminho: string, corpo?: unknown, cabecalhos?: Record<string, string>) =>
    requisitar(metodo, caminho, { credencial: conta.producao, cnpj, corpo, cabecalhos });
  const autorizada = async (extra: Record<string, unknown> = {}) => {
    const r = await req('POST', '/nfe/v1/notas', notaValida(extra));
    expect(r.status).toBe(201);
    return esperarNota(conta, cnpj, r.corpo.uuid, (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao), 30_000);
  };
  const pedir = (uuid: string, correcao: unknown, cabecalhos?: Record<string, string>) =>
    req('POST', `/nfe/v1/notas/${uuid}/carta-correcao`, { correcao }, cabecalhos);
  /** The list once carta `sequencia` has its verdict. */
  async function veredicto(uuid: string, sequencia: number, limiteMs = 30_000) {
    const daSequencia = (cartas: any[]) => cartas.find((x) => x.sequencia === sequencia);
    const comVeredito = (cartas: any[]) => (daSequencia(cartas)?.situacao ?? 'pendente') !== 'pendente';
    const todas = await esperarCartas(conta, cnpj, uuid, comVeredito, limiteMs);
    return { carta: daSequencia(todas)!, todas };
  }

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
    receptor = await Receptor.iniciar();
    const w = await req('POST', '/conta/v1/webhooks', {
      url: receptor.url(),
      eventos: ['nfe_carta_correcao_autorizada', 'nfe_carta_correcao_rejeitada'],
    });
    expect(w.status).toBe(201);
    receptor.chave = w.corpo.chave_seguranca;
  });
  afterAll(async () => {
    await receptor?.parar();
  });

  it('1ª e 2ª cartas autorizadas (sequência 1 e 2), o procEventoNFe passa no XSD oficial e no xmlsec1; a REJEITAR é rejeitada; webhooks com sequencia e correcao', async () => {
    const nota = await autorizada();
    expect(nota.situacao).toBe('autorizada');
    const texto1 = 'Onde se lê "Rua A, 10", leia-se "Rua B, 12" no endereço do destinatário';
    const r1 = await pedir(nota.uuid, `  ${texto1}  `);
    expect([r1.status, r1.corpo]).toEqual([202, { message: expect.any(String), uuid: nota.uuid, sequencia: 1 }]);
    const antes = await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/1/xml`);
    if (antes.status !== 200) expect([antes.status, antes.corpo]).toEqual([409, { error: 'XML autorizado ainda não disponível' }]);
    const { carta: c1 } = await veredicto(nota.uuid, 1);
    expect(c1).toEqual({
      sequencia: 1,
      correcao: texto1,
      situacao: 'autorizada',
      protocolo: expect.stringMatching(/^\d{15}$/),
      data_evento: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
      status_sefaz: { codigo: '135', motivo: expect.any(String) },
    });

    const r2 = await pedir(nota.uuid, 'Incluir no campo de informações complementares o pedido 4471');
    expect(r2.corpo.sequencia).toBe(2);
    const { carta: c2 } = await veredicto(nota.uuid, 2);
    expect(c2).toMatchObject({ situacao: 'autorizada', status_sefaz: { codigo: '135' } });
    expect(c2.protocolo).not.toBe(c1.protocolo);

    for (const [sequencia, carta, correcao] of [
      [1, c1, texto1],
      [2, c2, 'Incluir no campo de informações complementares o pedido 4471'],
    ] as const) {
      const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/${sequencia}/xml`);
      expect(xml.status).toBe(200);
      expect(xml.cabecalhos.get('content-type')).toMatch(/^application\/xml/);
      expect(xml.texto).toContain('<procEventoNFe');
      expect(xml.texto).toContain(`<nSeqEvento>${sequencia}</nSeqEvento>`);
      expect(xml.texto).toContain(`<nProt>${carta.protocolo}</nProt>`);
      expect(xml.texto).toContain(`<chNFe>${nota.chave_acesso}</chNFe>`);
      const xCorrecao = /<xCorrecao>([^<]*)<\/xCorrecao>/
        .exec(xml.texto)?.[1]
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(xCorrecao).toBe(correcao);
      expect(xml.texto).toContain('<xCondUso>A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N');
      verificarNfeComFerramentasOficiais(xml.texto, 'procCCeNFe_v1.00.xsd', 'infEvento');
    }

    const r3 = await pedir(nota.uuid, 'REJEITAR esta carta de correção de teste');
    expect(r3.corpo.sequencia).toBe(3);
    const { carta: c3, todas } = await veredicto(nota.uuid, 3);
    expect(c3).toEqual({
      sequencia: 3,
      correcao: 'REJEITAR esta carta de correção de teste',
      situacao: 'rejeitada',
      status_sefaz: { codigo: '596', motivo: expect.any(String) },
    });
    expect(todas.map((c: { sequencia: number }) => c.sequencia)).toEqual([1, 2, 3]);
    const xml3 = await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/3/xml`);
    expect([xml3.status, xml3.corpo]).toEqual([409, { error: 'XML autorizado ainda não disponível' }]);
    // The note itself is untouched by its cartas.
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}`)).corpo).toMatchObject({
      situacao: 'autorizada',
      protocolo_autorizacao: nota.protocolo_autorizacao,
    });

    const daNota = () => receptor.recebidas.filter((e) => e.corpo?.uuid === nota.uuid);
    await receptor.esperar(() => daNota().length >= 3, 20_000, 'webhooks das cartas');
    const porSequencia = Object.fromEntries(daNota().map((e) => [e.corpo.sequencia, e]));
    expect(porSequencia[1].evento).toBe('nfe_carta_correcao_autorizada');
    expect(porSequencia[1].corpo).toMatchObject({
      uuid: nota.uuid,
      chave_acesso: nota.chave_acesso,
      situacao: 'autorizada',
      sequencia: 1,
      correcao: texto1,
      protocolo: c1.protocolo,
      status_sefaz: { codigo: '135' },
    });
    expect(porSequencia[2].corpo).toMatchObject({ sequencia: 2, protocolo: c2.protocolo });
    expect(porSequencia[3].evento).toBe('nfe_carta_correcao_rejeitada');
    expect(porSequencia[3].corpo).toMatchObject({ sequencia: 3, correcao: c3.correcao, status_sefaz: { codigo: '596' } });
    expect(porSequencia[3].corpo.protocolo).toBeUndefined();
    expect(porSequencia[1].verificacao).toEqual({ valido: true, timestamp: expect.any(Number) });

    // The cartas and the cancellation are distinct events at the adapter (key, type, sequence): the note still cancels.
    const cancel = await req(
      'DELETE',
      `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent('Pedido cancelado a pedido do cliente')}`,
    );
    expect(cancel.status).toBe(202);
    await esperarNota(conta, cnpj, nota.uuid, (n) => n.situacao === 'cancelada');
    const depois = await pedir(nota.uuid, 'Correção depois do cancelamento da nota');
    expect([depois.status, depois.corpo]).toEqual([422, { error: SOMENTE_AUTORIZADAS }]);
  });

  it('até 20 cartas por nota: a 21ª recebe 422 e não grava nada', async () => {
    const nota = await autorizada();
    for (let i = 1; i <= 20; i++) {
      const r = await pedir(nota.uuid, `Correção número ${i} do endereço de entrega`);
      expect([r.status, r.corpo.sequencia]).toEqual([202, i]);
    }
    const r21 = await pedir(nota.uuid, 'Correção número 21 do endereço de entrega');
    expect([r21.status, r21.corpo]).toEqual([422, { error: 'Limite de 20 cartas de correção por nota atingido' }]);
    const { todas } = await veredicto(nota.uuid, 20, 60_000);
    expect(todas).toHaveLength(20);
    for (let i = 1; i <= 20; i++) await veredicto(nota.uuid, i, 60_000);
    const finais = (await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao`)).corpo;
    expect(finais.map((c: { situacao: string }) => c.situacao)).toEqual(Array(20).fill('autorizada'));
    expect(new Set(finais.map((c: { protocolo: string }) => c.protocolo)).size).toBe(20);
  });

  it('nota não autorizada (rejeitada) -> 422; validação do corpo (422), do caminho (400); 404; Idempotency-Key repete a resposta', async () => {
    const rejeitada = await autorizada({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] });
    expect(rejeitada.situacao).toBe('rejeitada');
    const r = await pedir(rejeitada.uuid, 'Correção de uma nota que não foi autorizada');
    expect([r.status, r.corpo]).toEqual([422, { error: SOMENTE_AUTORIZADAS }]);
    expect((await req('GET', `/nfe/v1/notas/${rejeitada.uuid}/cartas-correcao`)).corpo).toEqual([]);

    const nota = await autorizada();
    for (const [correcao, mensagem] of [
      ['curta demais', 'deve ter no mínimo 15 caracteres'],
      [`a${' '.repeat(30)}b`, 'deve ter no mínimo 15 caracteres'],
      ['x'.repeat(1001), 'deve ter no máximo 1000 caracteres'],
      [42, 'deve ser um texto'],
    ] as const) {
      const v = await pedir(nota.uuid, correcao);
      expect(v.status).toBe(422);
      expect(v.corpo.error).toBe('invalid_params');
      expect(v.corpo.params.correcao).toContain(mensagem);
    }
    const semCampo = await req('POST', `/nfe/v1/notas/${nota.uuid}/carta-correcao`, {});
    expect([semCampo.status, semCampo.corpo.params?.correcao]).toEqual([422, expect.arrayContaining(['é obrigatório'])]);
    const extra = await req('POST', `/nfe/v1/notas/${nota.uuid}/carta-correcao`, { correcao: 'Correção com um campo a mais', outro: 1 });
    expect(extra.status).toBe(422);
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/21/xml`)).status).toBe(400);
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/abc/xml`)).status).toBe(400);
    expect((await req('GET', '/nfe/v1/notas/nao-e-uuid/cartas-correcao')).status).toBe(400);
    expect(await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao/1/xml`)).toMatchObject({
      status: 404,
      corpo: { error: 'Carta de correção não encontrada' },
    });
    const desconhecida = '00000000-0000-4000-8000-000000000000';
    expect(await pedir(desconhecida, 'Correção de uma nota que não existe')).toMatchObject({
      status: 404,
      corpo: { error: 'Nota de produto não encontrada' },
    });
    expect((await req('GET', `/nfe/v1/notas/${desconhecida}/cartas-correcao`)).status).toBe(404);

    const chave = { 'idempotency-key': `carta-${nota.uuid}` };
    const primeira = await pedir(nota.uuid, 'Correção enviada com chave de idempotência', chave);
    const repetida = await pedir(nota.uuid, 'Correção enviada com chave de idempotência', chave);
    expect(primeira.status).toBe(202);
    expect([repetida.status, repetida.corpo, repetida.cabecalhos.get('idempotent-replayed')]).toEqual([202, primeira.corpo, 'true']);
    const outroCorpo = await pedir(nota.uuid, 'Outro texto com a mesma chave de idempotência', chave);
    expect([outroCorpo.status, outroCorpo.corpo]).toEqual([422, { error: 'Idempotency-Key já usada com outro corpo' }]);
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}/cartas-correcao`)).corpo).toHaveLength(1);
  });
});
