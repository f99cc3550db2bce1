/**
 * A note SEFAZ cannot receive for a reason retrying will not fix never waits in silence (decisions §11,
 * issue 15): the company's certificate expires while its note waits for the authorizer; when the
 * authorizer comes back it refuses the certificate (the simulator answers an expired client
 * certificate HTTP 403 as IIS does; a TLS alert about the certificate is read the same way). The note
 * stays `pendente` with `status_sefaz.codigo` `transmissao`, the company's certificate requirement
 * shows unmet with the reason, and a new certificate sends the note within a minute. A note SEFAZ may
 * already hold (its send's outcome unknown) keeps `em_processamento` through the same refusal.
 */
import { certificadoDe, contaComEmpresaApta, type ContaTeste, esperarNota, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

describe('falha de transmissão: certificado recusado pela SEFAZ', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'transmissao',
      apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
      // The refused certificate's retry pace at 5 s instead of 30 s: the same path, a shorter wait.
      env: { SEFAZ_TEMPO_LIMITE_MS: '2000', SEFAZ_RETENTATIVA_TRANSMISSAO_MS: '5000' },
    });
    restaurar = usarSistema(iso);
    ({ conta, cnpj } = await contaComEmpresaApta());
  }, 300_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  const controle = (metodo: string, caminho: string, corpo?: unknown) =>
    fetch(`http://127.0.0.1:${iso.portas['sefaz-simulator']}${caminho}`, {
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });

  const instalar = (pfx: Buffer) =>
    requisitar('PUT', '/nfe/v1/empresa/certificado', {
      credencial: conta.producao,
      cnpj,
      corpo: { pfx: pfx.toString('base64'), senha: 'senha-teste' },
    });

  it('certificado que vence com a nota na fila: pendente com status transmissao, requisito não atendido; um novo certificado a autoriza em menos de um minuto', async () => {
    // A certificate valid for 10 more seconds: installed, and the note signed, while valid.
    const curto = certificadoDe(cnpj, {
      validoDe: new Date(Date.now() - 60_000),
      validoAte: new Date(Date.now() + 10_000),
      novaChave: true,
    });
    expect((await instalar(curto.pfx)).status).toBe(200);
    // The authorizer is down while the note is created; it returns after the certificate expired.
    expect((await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', duracao_ms: 12_000 })).status).toBe(201);
    const criada = await requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: notaValida() });
    expect(criada.status).toBe(201);
    const uuid = criada.corpo.uuid as string;

    const recusada = await esperarNota(conta, cnpj, uuid, (n) => n.status_sefaz?.codigo === 'transmissao', 60_000);
    expect(recusada.situacao).toBe('pendente');
    expect(recusada.status_sefaz.motivo).toMatch(/certificado/i);
    const empresa = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
    const requisito = empresa.corpo.requisitos_nfe.find((r: { descricao: string }) => r.descricao.startsWith('Certificado digital A1'));
    expect(requisito.atendido).toBe(false);
    expect(empresa.corpo.emite_nfe).toBe(false);
    // Still pendente a while later: retried slowly, never shown as em_processamento (SEFAZ never held it).
    await dormir(3_000);
    expect((await requisitar('GET', `/nfe/v1/notas/${uuid}`, { credencial: conta.producao, cnpj })).corpo.situacao).toBe('pendente');

    const novo = certificadoDe(cnpj, { novaChave: true });
    expect((await instalar(novo.pfx)).status).toBe(200);
    const instaladoEm = Date.now();
    const autorizada = await esperarNota(conta, cnpj, uuid, (n) => n.situacao === 'autorizada', 60_000);
    expect(Date.now() - instaladoEm).toBeLessThan(60_000);
    expect(autorizada.status_sefaz.codigo).toBe('100');
    const depois = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj });
    expect(depois.corpo.emite_nfe).toBe(true);
  }, 180_000);

  it('nota que a SEFAZ talvez já tenha (envio sem resposta) e depois o certificado recusado: continua em_processamento com status transmissao; um novo certificado a autoriza', async () => {
    const outra = await contaComEmpresaApta();
    const instalarEm = (pfx: Buffer) =>
      requisitar('PUT', '/nfe/v1/empresa/certificado', {
        credencial: outra.conta.producao,
        cnpj: outra.cnpj,
        corpo: { pfx: pfx.toString('base64'), senha: 'senha-teste' },
      });
    const curto = certificadoDe(outra.cnpj, {
      validoDe: new Date(Date.now() - 60_000),
      validoAte: new Date(Date.now() + 12_000),
      novaChave: true,
    });
    expect((await instalarEm(curto.pfx)).status).toBe(200);
    // Every call of this company outlasts the adapter's 2 s limit: the send's outcome is unknown (SEFAZ
    // may hold the note) and the status probes fail until the certificate has expired. A connection
    // given up on is not resumed, so the next one is a full handshake: the expired certificate gets 403,
    // and the consultation that must come before any resend is refused.
    expect((await controle('POST', '/controle/falhas', { servico: '*', tipo: 'lento', atraso_ms: 30_000, cnpj: outra.cnpj })).status).toBe(
      201,
    );
    const criada = await requisitar('POST', '/nfe/v1/notas', { credencial: outra.conta.producao, cnpj: outra.cnpj, corpo: notaValida() });
    expect(criada.status).toBe(201);
    const uuid = criada.corpo.uuid as string;

    const recusada = await esperarNota(outra.conta, outra.cnpj, uuid, (n) => n.status_sefaz?.codigo === 'transmissao', 90_000);
    expect(recusada.situacao).toBe('em_processamento');
    expect(recusada.status_sefaz.motivo).toMatch(/certificado/i);

    expect((await instalarEm(certificadoDe(outra.cnpj, { novaChave: true }).pfx)).status).toBe(200);
    expect((await controle('DELETE', '/controle/falhas')).status).toBeLessThan(300);
    const instaladoEm = Date.now();
    // Consulted first (the send may have arrived), then sent once: authorized.
    const autorizada = await esperarNota(outra.conta, outra.cnpj, uuid, (n) => n.situacao === 'autorizada', 60_000);
    expect(Date.now() - instaladoEm).toBeLessThan(60_000);
    expect(autorizada.status_sefaz.codigo).toBe('100');
  }, 240_000);
});
