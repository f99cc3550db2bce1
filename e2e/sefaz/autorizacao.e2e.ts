import { Assuntos, type RespostaInutilizacaoSefaz, type RespostaRpc } from '@emissor/contracts';
import { lerDigestValue, montarNfeProc, verificarAssinaturaXml } from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import {
  Barramento,
  comandoAutorizar,
  comandoCancelar,
  consultarBanco,
  type EmpresaTeste,
  empresaComCertificado,
  esperar,
  simulador,
  xmlInutilizacao,
} from './apoio';

/**
 * The SEFAZ side end to end: commands published on JetStream as nfe-service publishes them, the
 * adapter talking SOAP over mutual TLS to the simulator, verdicts read back from nfe.resultados.*.
 */
describe('sefaz-adapter + sefaz-simulator', () => {
  let bus: Barramento;
  let empresa: EmpresaTeste;
  const validador = criarValidadorXsd(carregarEsquemasNfe());

  beforeAll(async () => {
    bus = await Barramento.conectar();
    empresa = await empresaComCertificado();
  });

  afterAll(async () => {
    await simulador.limpar();
    await bus.fechar();
    await validador.encerrar();
  });

  it('authorizes a note: em_processamento first (the verdict is slow), then a protocol that makes a valid nfeProc', async () => {
    const c = comandoAutorizar(empresa);
    // em_processamento goes out only when the verdict is not back within SEFAZ_AVISO_PROCESSAMENTO_MS (400 ms).
    await simulador.falha({ servico: 'NFeAutorizacao4', tipo: 'lento', atraso_ms: 1_000, vezes: 1, cnpj: empresa.cnpj });
    await bus.autorizar(c);
    const r = await bus.autorizacao(c.comando_id);
    expect(r).toMatchObject({
      comando_id: c.comando_id,
      nota_id: c.nota_id,
      chave_acesso: c.chave_acesso,
      situacao: 'autorizada',
      status_sefaz: { codigo: '100', motivo: 'Autorizado o uso da NF-e' },
    });
    expect(r.protocolo).toMatch(/^135\d{12}$/);
    expect(r.data_recebimento).toMatch(/-03:00$/);
    expect(bus.doComando(c.comando_id, Assuntos.nfe.resultados.emProcessamento)).toEqual([
      { comando_id: c.comando_id, nota_id: c.nota_id },
    ]);
    const proc = montarNfeProc(c.xml_nfe, r.xml_protocolo!);
    expect(await validador.validar('nfeProc', proc)).toEqual({ valido: true, erros: [] });
    expect(verificarAssinaturaXml(proc, 'infNFe').valida).toBe(true);
    expect(r.xml_protocolo).toContain(`<digVal>${lerDigestValue(c.xml_nfe)}</digVal>`);
  });

  it('reports the test values: denied 302 (with protocol), rejected 778, and a tampered signature 297', async () => {
    const negada = comandoAutorizar(empresa, { destinatario: '99999999000191' });
    const ncm = comandoAutorizar(empresa, { ncm: '00000000' });
    const adulterada = comandoAutorizar(empresa, { adulterar: (x) => x.replace('<xProd>Produto', '<xProd>Produtx') });
    await Promise.all([bus.autorizar(negada), bus.autorizar(ncm), bus.autorizar(adulterada)]);
    const [d, r778, r297] = await Promise.all([
      bus.autorizacao(negada.comando_id),
      bus.autorizacao(ncm.comando_id),
      bus.autorizacao(adulterada.comando_id),
    ]);
    expect(d).toMatchObject({ situacao: 'denegada', status_sefaz: { codigo: '302' } });
    expect(d.protocolo).toMatch(/^\d{15}$/);
    expect(d.xml_protocolo).toContain('<cStat>302</cStat>');
    expect(r778).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '778', motivo: 'Rejeição: Informado NCM inexistente' } });
    expect(r778.protocolo).toBeUndefined();
    expect(r297).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '297' } });
  });

  it('never authorizes twice: a new command for an authorized key gets the same protocol; with its state lost, the 204 leads to a consultation', async () => {
    const c = comandoAutorizar(empresa);
    await bus.autorizar(c);
    const primeiro = await bus.autorizacao(c.comando_id);
    expect(primeiro.situacao).toBe('autorizada');

    const denovo = { ...c, comando_id: `${c.comando_id}-2` };
    await bus.autorizar(denovo);
    expect(await bus.autorizacao(denovo.comando_id)).toMatchObject({ situacao: 'autorizada', protocolo: primeiro.protocolo });
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 1 });

    // The adapter forgets the key (as after losing its database): SEFAZ answers 204, the adapter consults.
    await consultarBanco('DELETE FROM sefaz.notas WHERE chave = $1', [c.chave_acesso]);
    const perdido = { ...c, comando_id: `${c.comando_id}-3` };
    await bus.autorizar(perdido);
    const r = await bus.autorizacao(perdido.comando_id);
    expect(r).toMatchObject({ situacao: 'autorizada', protocolo: primeiro.protocolo, status_sefaz: { codigo: '100' } });
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 2, NFeConsultaProtocolo4: 1 });
    const notas = await consultarBanco('SELECT protocolo FROM sefaz_simulador.notas WHERE chave = $1', [c.chave_acesso]);
    expect(notas).toEqual([{ protocolo: primeiro.protocolo }]);

    // Same number, another key: 539, consulted, refused for good (never a new key for the number).
    const outraChave = comandoAutorizar(empresa, { numero: Number(c.chave_acesso.slice(25, 34)), codigoNumerico: '24681357' });
    await bus.autorizar(outraChave);
    expect(await bus.autorizacao(outraChave.comando_id)).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '539' } });
    expect(await simulador.chamadas(outraChave.chave_acesso)).toEqual({ NFeAutorizacao4: 1, NFeConsultaProtocolo4: 1 });
  });

  it('simulator unavailable: back-off, then the status service and a consultation before the one resend; authorized once', async () => {
    const outra = await empresaComCertificado({
      uf: 'CE',
      municipio: 'Fortaleza',
      cep: '60060-440',
      logradouro: 'Rua Senador Pompeu',
      numero: '10',
      bairro: 'Centro',
    });
    const falha = await simulador.falha({ servico: 'NFeAutorizacao4', tipo: 'indisponivel', cnpj: outra.cnpj });
    const statusAntes = (await simulador.resumo()).servicos.NFeStatusServico4 ?? 0;
    const c = comandoAutorizar(outra);
    await bus.autorizar(c);
    await esperar(2_000);
    expect(bus.doComando(c.comando_id, Assuntos.nfe.resultados.autorizacao)).toEqual([]);
    // The reset request may have arrived: no resend, no consultation before the authority had its time.
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 1 });
    await simulador.limpar(falha.id);
    const r = await bus.autorizacao(c.comando_id);
    expect(r).toMatchObject({ situacao: 'autorizada', status_sefaz: { codigo: '100' } });
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 2, NFeConsultaProtocolo4: 1 });
    expect((await simulador.resumo()).servicos.NFeStatusServico4).toBeGreaterThan(statusAntes);
    const [{ tentativas }] = await consultarBanco('SELECT tentativas FROM sefaz.notas WHERE chave = $1', [c.chave_acesso]);
    expect(tentativas).toBe(2);
  });

  it('a slow authority: the client gives up, the authority authorizes anyway, the consultation finds it: no second send', async () => {
    await simulador.falha({ servico: 'NFeAutorizacao4', tipo: 'lento', atraso_ms: 6_000, vezes: 1, cnpj: empresa.cnpj });
    const c = comandoAutorizar(empresa);
    await bus.autorizar(c);
    const r = await bus.autorizacao(c.comando_id, 25_000);
    expect(r).toMatchObject({ situacao: 'autorizada', status_sefaz: { codigo: '100' } });
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 1, NFeConsultaProtocolo4: 1 });
  }, 40_000);

  it('batch in processing: the answer comes as a receipt (103), polled after tMed while 105, then 104', async () => {
    await simulador.falha({ servico: 'NFeAutorizacao4', tipo: 'em_processamento', consultas: 2, vezes: 1, cnpj: empresa.cnpj });
    const c = comandoAutorizar(empresa);
    await bus.autorizar(c);
    expect(await bus.autorizacao(c.comando_id)).toMatchObject({ situacao: 'autorizada', status_sefaz: { codigo: '100' } });
    expect(await simulador.chamadas(c.chave_acesso)).toEqual({ NFeAutorizacao4: 1 });
  });

  it('cancels an authorized note, and reports a refused cancellation (REJEITAR...)', async () => {
    const a = comandoAutorizar(empresa);
    const b = comandoAutorizar(empresa);
    await Promise.all([bus.autorizar(a), bus.autorizar(b)]);
    const [ra, rb] = await Promise.all([bus.autorizacao(a.comando_id), bus.autorizacao(b.comando_id)]);
    const cancelar = comandoCancelar(empresa, a.chave_acesso, ra.protocolo!);
    const recusar = comandoCancelar(empresa, b.chave_acesso, rb.protocolo!, 'REJEITAR: teste de cancelamento recusado');
    await Promise.all([bus.cancelar(cancelar), bus.cancelar(recusar)]);
    const ok = await bus.cancelamento(cancelar.comando_id);
    expect(ok).toMatchObject({ aceito: true, chave_acesso: a.chave_acesso, status_sefaz: { codigo: '135' } });
    expect(ok.protocolo).toMatch(/^\d{15}$/);
    expect(ok.xml_retorno).toContain('<tpEvento>110111</tpEvento>');
    expect(await bus.cancelamento(recusar.comando_id)).toMatchObject({ aceito: false, status_sefaz: { codigo: '219' } });
    // A second cancellation command of the cancelled note gets the same event, without a new one at SEFAZ.
    const denovo = { ...cancelar, comando_id: `${cancelar.comando_id}-2` };
    await bus.cancelar(denovo);
    expect(await bus.cancelamento(denovo.comando_id)).toMatchObject({ aceito: true, protocolo: ok.protocolo });
  });

  it('inutiliza a range over request-reply (102, the same answer again), refuses an overlap (256) and answers 502 when SEFAZ is unreachable', async () => {
    const pedido = (inicial: number, final: number) => ({
      empresa_id: empresa.id,
      cnpj: empresa.cnpj,
      uf: empresa.uf,
      ambiente: 2 as const,
      sandbox: false,
      xml_inutilizacao: xmlInutilizacao(empresa, inicial, final),
    });
    const inutilizar = (p: ReturnType<typeof pedido>) =>
      bus.requisitar<RespostaRpc<RespostaInutilizacaoSefaz>>(Assuntos.sefaz.inutilizar, p);
    const base = 1000 + (Date.now() % 1000) * 10;
    const r = await inutilizar(pedido(base, base + 2));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.dados).toMatchObject({ homologada: true, status_sefaz: { codigo: '102' } });
    expect(r.dados.protocolo).toMatch(/^\d{15}$/);
    expect(r.dados.xml_retorno).toContain('<retInutNFe');
    expect(await inutilizar(pedido(base, base + 2))).toEqual(r);
    const sobreposta = await inutilizar(pedido(base + 2, base + 4));
    expect(sobreposta).toMatchObject({ ok: true, dados: { homologada: false, status_sefaz: { codigo: '256' } } });

    await simulador.falha({ servico: 'NFeInutilizacao4', tipo: 'indisponivel', cnpj: empresa.cnpj });
    try {
      expect(await inutilizar(pedido(base + 5, base + 5))).toEqual({
        ok: false,
        falha: { status: 502, error: 'Falha de comunicação com a SEFAZ' },
      });
    } finally {
      await simulador.limpar();
    }
  });
});
