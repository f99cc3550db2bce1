import { Client } from 'pg';
import { simulador } from '../sefaz/apoio';
import { contaComEmpresaApta, type ContaTeste, esperarNota, notaValida, requisitar } from '../support/api';
import { errosEsquemaNota } from '../support/esquema-nota';
import { assinaturasValidas, errosXsd, verificarNfeComFerramentasOficiais } from '../support/xml';
import { dormir } from '../support/tempo';

const JUSTIFICATIVA = 'Pedido cancelado a pedido do cliente';

/** Every path of the state table, end to end through the gateway, the adapter and the SEFAZ simulator. */
describe('NF-e: ciclo de vida com a SEFAZ (simulador)', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const req = (metodo: string, caminho: string, corpo?: unknown, credencial = conta.producao) =>
    requisitar(metodo, caminho, { credencial, cnpj, corpo });
  const criar = async (extra: Record<string, unknown> = {}, credencial = conta.producao) => {
    const r = await req('POST', '/nfe/v1/notas', notaValida(extra), credencial);
    expect(r.status).toBe(201);
    return r.corpo;
  };
  const veredicto = (uuid: string, credencial = conta.producao) =>
    esperarNota(conta, cnpj, uuid, (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao), 30_000, credencial);

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
  });

  it('autorizada: protocolo, data de autorização, status_sefaz 100, e o XML nfeProc válido e assinado', async () => {
    const nota = await criar();
    const antes = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    if (antes.status !== 200) {
      expect(antes.status).toBe(409);
      expect(antes.corpo).toEqual({ error: 'XML autorizado ainda não disponível' });
    }
    const autorizada = await veredicto(nota.uuid);
    expect(autorizada).toMatchObject({
      situacao: 'autorizada',
      status_sefaz: { codigo: '100' },
      protocolo_autorizacao: expect.stringMatching(/^\d{15}$/),
    });
    expect(autorizada.data_autorizacao).toMatch(/-03:00$/);
    expect(errosEsquemaNota(autorizada, true)).toEqual([]);

    const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.cabecalhos.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.texto).toContain('<nfeProc');
    expect(xml.texto).toContain(`<nProt>${autorizada.protocolo_autorizacao}</nProt>`);
    expect(await errosXsd('nfeProc', xml.texto)).toEqual([]);
    expect(assinaturasValidas(xml.texto)).toEqual({ total: 1, erros: [] });
    // Accept: either XML type (text/xml is application/xml's alias, RFC 7303 §9.2), answered in the one taken.
    const comAccept = (accept: string) =>
      requisitar('GET', `/nfe/v1/notas/${nota.uuid}/xml`, { credencial: conta.producao, cnpj, cabecalhos: { accept } });
    for (const [accept, tipo] of [
      ['application/xml', 'application/xml'],
      ['text/xml', 'text/xml'],
      ['text/xml, application/xml;q=0.5', 'application/xml'],
      ['text/*', 'text/xml'],
      ['text/xml;q=0, application/json', 'application/xml'],
    ]) {
      const r = await comAccept(accept);
      expect([accept, r.status, r.cabecalhos.get('content-type')]).toEqual([accept, 200, `${tipo}; charset=utf-8`]);
      expect(r.texto).toBe(xml.texto);
    }
    expect((await comAccept('text/html')).status).toBe(406);
  });

  it('rejeitada (NCM 00000000 -> 778): mantém o número; XML indisponível (409)', async () => {
    const nota = await criar({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] });
    const rejeitada = await veredicto(nota.uuid);
    expect(rejeitada).toMatchObject({ situacao: 'rejeitada', numero: nota.numero, status_sefaz: { codigo: '778' } });
    const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    expect(xml.status).toBe(409);
  });

  it('denegada (destinatário 99999999000191 -> 302): o XML com o protocolo da denegação, que o emitente guarda; DANFE não (409)', async () => {
    const nota = await criar({ destinatario: { ...notaValida().destinatario, cpf_cnpj: '99999999000191', indicador_ie: 9 } });
    const denegada = await veredicto(nota.uuid);
    expect(denegada).toMatchObject({
      situacao: 'denegada',
      status_sefaz: { codigo: '302' },
      protocolo_autorizacao: expect.stringMatching(/^\d{15}$/),
    });
    // Ajuste SINIEF 07/05: a denied NF-e is kept (and recorded) by its issuer, with SEFAZ's denial protocol.
    const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.texto).toContain('<nfeProc');
    expect(xml.texto).toContain('<cStat>302</cStat>');
    expect(xml.texto).toContain(`<nProt>${denegada.protocolo_autorizacao}</nProt>`);
    expect(await errosXsd('nfeProc', xml.texto)).toEqual([]);
    expect(assinaturasValidas(xml.texto)).toEqual({ total: 1, erros: [] });
    // It may not go with the goods: no DANFE.
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}/danfe`)).status).toBe(409);
  });

  it('cancelamento aceito: 202, cancelamento_solicitado, depois cancelada com protocolo; de novo: 422 já cancelada', async () => {
    const nota = await criar();
    await veredicto(nota.uuid);
    const pedido = await req('DELETE', `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`);
    expect(pedido.status).toBe(202);
    expect(pedido.corpo).toEqual({ message: expect.any(String), uuid: nota.uuid });
    const cancelada = await esperarNota(conta, cnpj, nota.uuid, (n) => n.situacao === 'cancelada');
    expect(cancelada).toMatchObject({ protocolo_cancelamento: expect.stringMatching(/^\d{15}$/), motivo_cancelamento: JUSTIFICATIVA });
    expect(cancelada.data_cancelamento).toMatch(/-03:00$/);
    expect(errosEsquemaNota(cancelada, true)).toEqual([]);
    const denovo = await req('DELETE', `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`);
    expect(denovo.status).toBe(422);
    expect(denovo.corpo).toEqual({ error: 'Esta nota de produto já está cancelada' });
    expect((await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`)).status).toBe(200);
  });

  it('cancelamento rejeitado (justificativa REJEITAR...): volta a autorizada', async () => {
    const nota = await criar();
    await veredicto(nota.uuid);
    const pedido = await req(
      'DELETE',
      `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent('REJEITAR este cancelamento de teste')}`,
    );
    expect(pedido.status).toBe(202);
    const depois = await esperarNota(conta, cnpj, nota.uuid, (n) => n.situacao === 'autorizada' && n.status_sefaz?.codigo !== '100');
    expect(depois.protocolo_cancelamento).toBeUndefined();
    expect(depois.motivo_cancelamento).toBeUndefined();
  });

  it('reemissão de rejeitada: mesma série e número, novo uuid, ligações entre as duas; depois autorizada', async () => {
    const nota = await criar({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] });
    await veredicto(nota.uuid);
    const corrigida = notaValida({ codigo_externo: nota.codigo_externo });
    // Another série would be another number: refused, not silently replaced by the rejected note's.
    const outraSerie = await req('POST', `/nfe/v1/notas/${nota.uuid}/reemitir`, { ...corrigida, serie: nota.serie + 1 });
    expect([outraSerie.status, outraSerie.corpo]).toEqual([
      422,
      { error: `A reemissão mantém a série e o número da nota rejeitada: serie deve ser ${nota.serie} ou omitida` },
    ]);
    const r = await req('POST', `/nfe/v1/notas/${nota.uuid}/reemitir`, { ...corrigida, serie: nota.serie });
    expect(r.status).toBe(201);
    expect(r.corpo).toMatchObject({ numero: nota.numero, serie: nota.serie, reemitida_de_uuid: nota.uuid, situacao: 'pendente' });
    expect(r.corpo.uuid).not.toBe(nota.uuid);
    const antiga = await req('GET', `/nfe/v1/notas/${nota.uuid}`);
    expect(antiga.corpo.reemitida_uuid).toBe(r.corpo.uuid);
    expect(await veredicto(r.corpo.uuid)).toMatchObject({ situacao: 'autorizada' });
    // Its number went to the reissue: neither reissued nor invalidated again, and the answer says where it went.
    const jaReemitida = { error: `Esta nota rejeitada já foi reemitida pela nota ${r.corpo.uuid}` };
    const outraVez = await req('POST', `/nfe/v1/notas/${nota.uuid}/reemitir`, corrigida);
    expect([outraVez.status, outraVez.corpo]).toEqual([422, jaReemitida]);
    const inutilizar = await req('POST', `/nfe/v1/notas/${nota.uuid}/inutilizar`, { justificativa: 'Nota rejeitada e não será reemitida' });
    expect([inutilizar.status, inutilizar.corpo]).toEqual([422, jaReemitida]);
  });

  it('inutilizar o número de uma nota rejeitada: inutilizada, com protocolo', async () => {
    const nota = await criar({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] });
    await veredicto(nota.uuid);
    const r = await req('POST', `/nfe/v1/notas/${nota.uuid}/inutilizar`, { justificativa: 'Nota rejeitada e não será reemitida' });
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ uuid: nota.uuid, situacao: 'inutilizada' });
    expect(errosEsquemaNota(r.corpo, true)).toEqual([]);
    // SEFAZ's last answer about the number is the invalidation's, not the rejection that came before.
    const lida = await req('GET', `/nfe/v1/notas/${nota.uuid}`);
    expect(lida.corpo.status_sefaz).toEqual({ codigo: '102', motivo: expect.stringMatching(/Inutiliza/i) });
    // Its document is the number's invalidation (ProcInutNFe: the signed request and SEFAZ's homologation);
    // there is no DANFE: no note goes with goods under this number.
    const xml = await req('GET', `/nfe/v1/notas/${nota.uuid}/xml`);
    expect(xml.status).toBe(200);
    verificarNfeComFerramentasOficiais(xml.texto, 'procInutNFe_v4.00.xsd', 'infInut');
    const [, ano, cnpjId, modelo, serie, inicial, final] = /<infInut Id="ID\d{2}(\d{2})(\w{14})(\d{2})(\d{3})(\d{9})(\d{9})"/.exec(
      xml.texto,
    )!;
    expect([cnpjId, modelo, Number(serie), Number(inicial), Number(final)]).toEqual([cnpj, '55', nota.serie, nota.numero, nota.numero]);
    expect(ano).toBe(nota.chave_acesso.slice(2, 4));
    expect(xml.texto).toContain('<cStat>102</cStat>');
    expect(xml.texto).toMatch(/<nProt>\d{15}<\/nProt>/);
    const danfe = await req('GET', `/nfe/v1/notas/${nota.uuid}/danfe`);
    expect(danfe.status).toBe(409);
    // Asked again (a client retrying a call whose answer it lost): the outcome asked for, not a 422.
    const outraVez = await req('POST', `/nfe/v1/notas/${nota.uuid}/inutilizar`, { justificativa: 'Nota rejeitada e não será reemitida' });
    expect([outraVez.status, outraVez.corpo]).toEqual([200, lida.corpo]);
    const autorizada = await criar();
    const naoRejeitada = await req('POST', `/nfe/v1/notas/${autorizada.uuid}/inutilizar`, {
      justificativa: 'Tentativa indevida de inutilizar',
    });
    expect(naoRejeitada.status).toBe(422);
  });

  it('inutilização de faixa: 200 com protocolo; os números nunca são emitidos depois', async () => {
    const ultima = await criar();
    const faixa = {
      serie: 1,
      numero_inicial: ultima.numero + 1,
      numero_final: ultima.numero + 3,
      justificativa: 'Falha no sistema pulou a numeração',
    };
    const r = await req('POST', '/nfe/v1/inutilizacoes', faixa);
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({
      message: expect.any(String),
      ...{ serie: 1, numero_inicial: faixa.numero_inicial, numero_final: faixa.numero_final },
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    const seguinte = await criar();
    expect(seguinte.numero).toBe(faixa.numero_final + 1);
    // The same request again (a retry whose answer was lost) gets the same answer; a range that overlaps it,
    // or this one with another justificativa, is another request: 422.
    const repetida = await req('POST', '/nfe/v1/inutilizacoes', faixa);
    expect([repetida.status, repetida.corpo]).toEqual([200, r.corpo]);
    // Another account that registered the same CNPJ asks the same: not this account's request, nor its protocol.
    const { conta: outraConta } = await contaComEmpresaApta({ cnpj });
    const daOutra = await requisitar('POST', '/nfe/v1/inutilizacoes', { credencial: outraConta.producao, cnpj, corpo: faixa });
    expect([daOutra.status, daOutra.corpo]).toEqual([422, { error: 'A faixa informada já foi inutilizada, total ou parcialmente' }]);
    const sobreposta = await req('POST', '/nfe/v1/inutilizacoes', { ...faixa, numero_final: faixa.numero_final + 1 });
    expect([sobreposta.status, sobreposta.corpo]).toEqual([422, { error: 'A faixa informada já foi inutilizada, total ou parcialmente' }]);
    const usada = await req('POST', '/nfe/v1/inutilizacoes', { ...faixa, numero_inicial: ultima.numero, numero_final: ultima.numero });
    expect(usada.status).toBe(422);
    // The document the issuer keeps: ProcInutNFe, valid against the official schema, the request's signature verified.
    const caminho = `/nfe/v1/inutilizacoes/1/${faixa.numero_inicial}/${faixa.numero_final}/xml`;
    const xml = await req('GET', caminho);
    expect(xml.status).toBe(200);
    expect(xml.cabecalhos.get('content-type')).toMatch(/^application\/xml/);
    verificarNfeComFerramentasOficiais(xml.texto, 'procInutNFe_v4.00.xsd', 'infInut');
    expect(xml.texto).toContain(`<nNFIni>${faixa.numero_inicial}</nNFIni><nNFFin>${faixa.numero_final}</nNFFin>`);
    expect(xml.texto).toContain(`<nProt>${r.corpo.protocolo}</nProt>`);
    // Another range, another company's or the sandbox's: not found; a malformed range: 400 naming the parameter.
    const outra = await req('GET', `/nfe/v1/inutilizacoes/1/${faixa.numero_inicial}/${faixa.numero_final + 1}/xml`);
    expect([outra.status, outra.corpo]).toEqual([404, { error: 'Inutilização não encontrada' }]);
    expect((await req('GET', caminho, undefined, conta.sandbox)).status).toBe(404);
    // Another account may register the same CNPJ (it shares the numbering at SEFAZ): its company still sees none of these.
    expect((await requisitar('GET', caminho, { credencial: outraConta.producao, cnpj })).status).toBe(404);
    const invalida = await req('GET', '/nfe/v1/inutilizacoes/1000/0/x/xml');
    expect(invalida.status).toBe(400);
    expect(Object.keys(invalida.corpo.params).sort()).toEqual(['numero_final', 'numero_inicial', 'serie']);
    // The sandbox is a base of its own at the simulator (decisions §4): the same range there is another request,
    // homologated with its own protocol, and the production one is still answered with its own.
    const noSandbox = await req('POST', '/nfe/v1/inutilizacoes', faixa, conta.sandbox);
    expect(noSandbox.status).toBe(200);
    expect(noSandbox.corpo.protocolo).toMatch(/^\d{15}$/);
    expect(noSandbox.corpo.protocolo).not.toBe(r.corpo.protocolo);
    expect((await req('POST', '/nfe/v1/inutilizacoes', faixa)).corpo).toEqual(r.corpo);
  });

  it('notas simultâneas de um emissor vão juntas em lote assíncrono, cada uma autorizada uma vez', async () => {
    const antes = (await simulador.resumo()).servicos;
    const notas = await Promise.all(Array.from({ length: 30 }, () => criar()));
    const finais = await Promise.all(notas.map((n) => veredicto(n.uuid)));
    expect(finais.map((n) => n.situacao)).toEqual(Array(30).fill('autorizada'));
    expect(new Set(finais.map((n) => n.protocolo_autorizacao)).size).toBe(30);
    const depois = (await simulador.resumo()).servicos;
    const delta = (servico: string) => (depois[servico] ?? 0) - (antes[servico] ?? 0);
    // Fewer authorization calls than notes: the ones that waited for a send slot went as batches,
    // whose receipts were polled.
    expect(delta('NFeAutorizacao4')).toBeLessThan(30);
    expect(delta('NFeRetAutorizacao4')).toBeGreaterThan(0);
  });

  describe('inutilização sem resposta da SEFAZ', () => {
    let banco: Client;
    beforeAll(async () => {
      banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
      await banco.connect();
    });
    afterAll(() => banco.end());
    const reserva = async (inicial: number) =>
      (
        await banco.query('SELECT situacao, protocolo FROM nfe.inutilizacoes WHERE cnpj_emitente = $1 AND numero_inicial = $2', [
          cnpj,
          inicial,
        ])
      ).rows[0];

    it('502; os números ficam reservados (a SEFAZ pode tê-los inutilizado) e a repetição do mesmo pedido conclui', async () => {
      const ultima = await criar();
      const faixa = {
        serie: 1,
        numero_inicial: ultima.numero + 1,
        numero_final: ultima.numero + 2,
        justificativa: 'Falha no sistema pulou a numeração',
      };
      await simulador.falha({ servico: 'NFeInutilizacao4', tipo: 'indisponivel', cnpj });
      try {
        const r = await req('POST', '/nfe/v1/inutilizacoes', faixa);
        expect(r.status).toBe(502);
        expect(r.corpo).toEqual({ error: 'Falha de comunicação com a SEFAZ' });
        expect(await reserva(faixa.numero_inicial)).toMatchObject({ situacao: 'reservada' });
        // Numbering skips a range whose outcome is unknown.
        expect((await criar()).numero).toBe(faixa.numero_final + 1);
      } finally {
        await simulador.limpar();
      }
      const outraVez = await req('POST', '/nfe/v1/inutilizacoes', faixa);
      expect(outraVez.status).toBe(200);
      expect(outraVez.corpo.protocolo).toMatch(/^\d{15}$/);
      expect(await reserva(faixa.numero_inicial)).toEqual({ situacao: 'homologada', protocolo: outraVez.corpo.protocolo });
      // The retry kept the signed request: its ProcInutNFe is served.
      const caminho = `/nfe/v1/inutilizacoes/1/${faixa.numero_inicial}/${faixa.numero_final}/xml`;
      const xml = await req('GET', caminho);
      expect(xml.status).toBe(200);
      expect(xml.texto).toContain(`<nProt>${outraVez.corpo.protocolo}</nProt>`);
      // One homologated without its document (a 563 answer, or before the request was kept): 409 that says so for good.
      await banco.query('UPDATE nfe.inutilizacoes SET xml_inutilizacao = NULL WHERE cnpj_emitente = $1 AND numero_inicial = $2', [
        cnpj,
        faixa.numero_inicial,
      ]);
      expect(await req('GET', caminho)).toMatchObject({
        status: 409,
        corpo: { error: 'Inutilização homologada, mas o seu documento (ProcInutNFe) não foi guardado' },
      });
    });

    it('sem repetição do cliente, o reconciliador reenvia o pedido e a faixa é homologada; a repetição depois recebe o 200', async () => {
      const ultima = await criar();
      const inicial = ultima.numero + 1;
      const pedido = { serie: 1, numero_inicial: inicial, numero_final: inicial, justificativa: 'Falha no sistema pulou a numeração' };
      await simulador.falha({ servico: 'NFeInutilizacao4', tipo: 'indisponivel', cnpj });
      try {
        const r = await req('POST', '/nfe/v1/inutilizacoes', pedido);
        expect(r.status).toBe(502);
      } finally {
        await simulador.limpar();
      }
      // First re-send 10 s after the failure (back-off), checked every 5 s.
      const limite = Date.now() + 40_000;
      let atual = await reserva(inicial);
      while (atual.situacao !== 'homologada' && Date.now() < limite) {
        await dormir(500);
        atual = await reserva(inicial);
      }
      expect(atual).toEqual({ situacao: 'homologada', protocolo: expect.stringMatching(/^\d{15}$/) });
      // The client retries the call that answered 502: the range is invalidated, and the retry says so with
      // the protocol the first call would have given. Another justificativa is another request: 422.
      const repeticao = await req('POST', '/nfe/v1/inutilizacoes', pedido);
      expect([repeticao.status, repeticao.corpo]).toEqual([
        200,
        {
          message: 'Inutilização homologada pela SEFAZ',
          serie: 1,
          numero_inicial: inicial,
          numero_final: inicial,
          protocolo: atual.protocolo,
        },
      ]);
      const outra = await req('POST', '/nfe/v1/inutilizacoes', { ...pedido, justificativa: 'Outro motivo para a mesma faixa' });
      expect([outra.status, outra.corpo]).toEqual([422, { error: 'A faixa informada já foi inutilizada, total ou parcialmente' }]);
      // The reconciler kept the signed request too.
      const xml = await req('GET', `/nfe/v1/inutilizacoes/1/${inicial}/${inicial}/xml`);
      expect(xml.status).toBe(200);
      expect(xml.texto).toContain(`<nProt>${atual.protocolo}</nProt>`);
    }, 60_000);
  });

  it('credencial sandbox: sempre o simulador, homologação, numeração própria', async () => {
    const nota = await criar({}, conta.sandbox);
    const autorizada = await veredicto(nota.uuid, conta.sandbox);
    expect(autorizada.situacao).toBe('autorizada');
    const xml = await requisitar('GET', `/nfe/v1/notas/${nota.uuid}/xml`, { credencial: conta.sandbox, cnpj });
    expect(xml.texto).toContain('<tpAmb>2</tpAmb>');
    expect(xml.texto).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
  });

  it('notas sandbox e de produção da mesma empresa, simultâneas: cada uma vai à sua base, todas autorizadas', async () => {
    // Sandbox numbers repeat numbers the production credential already used: sent to the wrong base
    // they would be refused as duplicates (539).
    const notas = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 ? criar({}, conta.sandbox).then((n) => ({ n, c: conta.sandbox })) : criar().then((n) => ({ n, c: conta.producao })),
      ),
    );
    const finais = await Promise.all(notas.map(({ n, c }) => veredicto(n.uuid, c)));
    expect(finais.map((n) => [n.situacao, n.status_sefaz?.codigo])).toEqual(Array(16).fill(['autorizada', '100']));
  });
});
