import { Client } from 'pg';
import { empresaNfse, notaNfse } from '../nfse/apoio';
import {
  contaComEmpresaApta,
  type ContaTeste,
  criarConta,
  criarEmpresa,
  criarNotaAutorizada,
  enviarCertificado,
  notaValida,
  requisitar,
  usarSistema,
} from '../support/api';
import { iniciarSistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

/** decisions §11: Idempotency-Key on the creating POST routes, per credential, for 24 h, in PostgreSQL. */
describe('Idempotency-Key', () => {
  let conta: ContaTeste;
  let cnpj: string;
  let sequencia = 0;
  const chaveNova = () => `chave-${Date.now().toString(36)}-${++sequencia}`;
  const criar = (corpo: unknown, chave: string, credencial = conta.producao, empresa = cnpj) =>
    requisitar('POST', '/nfe/v1/notas', { credencial, cnpj: empresa, corpo, cabecalhos: { 'idempotency-key': chave } });
  const listarPorCodigo = async (codigo: string, credencial = conta.producao) => {
    const r = await requisitar('GET', `/nfe/v1/notas?codigo_externo=${encodeURIComponent(codigo)}`, { credencial, cnpj });
    expect(r.status).toBe(200);
    return r.corpo as any[];
  };

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
  });

  it('a mesma chave com o mesmo corpo devolve a resposta original, com Idempotent-Replayed, sem criar outra nota', async () => {
    const nota = notaValida();
    const chave = chaveNova();
    const primeira = await criar(nota, chave);
    expect(primeira.status).toBe(201);
    expect(primeira.cabecalhos.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same request.
    const reordenada = Object.fromEntries(Object.entries(nota).reverse());
    const segunda = await criar(reordenada, chave);
    expect(segunda.status).toBe(201);
    expect(segunda.cabecalhos.get('idempotent-replayed')).toBe('true');
    expect(segunda.cabecalhos.get('content-type')).toMatch(/^application\/json/);
    expect(segunda.texto).toBe(primeira.texto);
    expect(await listarPorCodigo(nota.codigo_externo)).toHaveLength(1);
  });

  it('sem a chave valem as regras da spec: o mesmo codigo_externo é 422', async () => {
    const nota = notaValida();
    expect((await criar(nota, chaveNova())).status).toBe(201);
    const semChave = await requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: nota });
    expect([semChave.status, semChave.corpo]).toEqual([422, { error: 'Código externo já está em uso' }]);
  });

  it('a mesma chave com outro corpo: 422 Idempotency-Key já usada com outro corpo', async () => {
    const chave = chaveNova();
    expect((await criar(notaValida(), chave)).status).toBe(201);
    const outra = notaValida();
    const r = await criar(outra, chave);
    expect([r.status, r.corpo]).toEqual([422, { error: 'Idempotency-Key já usada com outro corpo' }]);
    expect(await listarPorCodigo(outra.codigo_externo)).toHaveLength(0);
  });

  it('respostas de erro finais também se repetem (422 da validação), e o cabeçalho inválido é 400 nomeando-o', async () => {
    const chave = chaveNova();
    const invalida = { ...notaValida(), itens: [] };
    const primeira = await criar(invalida, chave);
    expect(primeira.status).toBe(422);
    const segunda = await criar(invalida, chave);
    expect([segunda.status, segunda.texto, segunda.cabecalhos.get('idempotent-replayed')]).toEqual([422, primeira.texto, 'true']);
    for (const ruim of ['x'.repeat(256), 'acentuação']) {
      const r = await criar(notaValida(), ruim);
      expect(r.status).toBe(400);
      expect(r.corpo).toEqual({ error: 'invalid_params', params: { 'Idempotency-Key': [expect.any(String)] } });
    }
  });

  it('duas requisições simultâneas com a mesma chave criam uma nota só; as duas recebem 201 com a mesma nota', async () => {
    for (let rodada = 0; rodada < 3; rodada++) {
      const nota = notaValida();
      const chave = chaveNova();
      const respostas = await Promise.all([criar(nota, chave), criar(nota, chave), criar(nota, chave)]);
      expect(respostas.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(new Set(respostas.map((r) => r.corpo.uuid)).size).toBe(1);
      expect(respostas.filter((r) => r.cabecalhos.get('idempotent-replayed') === 'true')).toHaveLength(2);
      expect(await listarPorCodigo(nota.codigo_externo)).toHaveLength(1);
    }
  });

  it('o cliente que desiste no meio (conexão abortada) e repete recebe a nota, que existe uma vez só', async () => {
    // The abort lands at a different point of the request each round: before it is sent, while the note is
    // written, after the answer left. Whatever happened to the first call, the retry tells the client its note.
    const abortarEPedirDeNovo = async (atrasoMs: number, chave?: string) => {
      const nota = notaValida();
      const controle = new AbortController();
      const primeira = requisitar('POST', '/nfe/v1/notas', {
        credencial: conta.producao,
        cnpj,
        corpo: nota,
        cabecalhos: chave ? { 'idempotency-key': chave } : {},
        sinal: controle.signal,
      }).catch(() => undefined); // aborted: the client never learns what became of it
      setTimeout(() => controle.abort(), atrasoMs);
      await primeira;
      const repetida = chave
        ? await criar(nota, chave)
        : await requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: nota });
      const notas = await listarPorCodigo(nota.codigo_externo);
      return { repetida, notas };
    };
    for (let rodada = 0; rodada < 10; rodada++) {
      const { repetida, notas } = await abortarEPedirDeNovo(rodada * 5, chaveNova());
      expect(repetida.status).toBe(201);
      expect(notas.map((n) => n.uuid)).toEqual([repetida.corpo.uuid]);
    }
    // Without a key the retry is a new request: created, or 422 for the codigo_externo the first one took.
    for (let rodada = 0; rodada < 10; rodada++) {
      const { repetida, notas } = await abortarEPedirDeNovo(rodada * 5);
      expect(notas).toHaveLength(1);
      if (repetida.status === 201) expect(notas[0].uuid).toBe(repetida.corpo.uuid);
      else expect([repetida.status, repetida.corpo]).toEqual([422, { error: 'Código externo já está em uso' }]);
    }
  });

  it('a chave de outra credencial é outra chave (sandbox da mesma conta, e outra conta)', async () => {
    const chave = chaveNova();
    const nota = notaValida();
    expect((await criar(nota, chave)).status).toBe(201);
    // The sandbox credential of the same account: its own key space (and its own notes).
    const sandbox = await criar(notaValida(), chave, conta.sandbox);
    expect(sandbox.status).toBe(201);
    expect(sandbox.cabecalhos.get('idempotent-replayed')).toBeNull();
    // Another account using the same key string, with another body: not a conflict.
    const outra = await contaComEmpresaApta();
    const daOutra = await criar(notaValida(), chave, outra.conta.producao, outra.cnpj);
    expect(daOutra.status).toBe(201);
    expect(daOutra.cabecalhos.get('idempotent-replayed')).toBeNull();
  });

  it('uma chave expirada (24 h) vale de novo, e a limpeza apaga as vencidas', async () => {
    const chave = chaveNova();
    const nota = notaValida();
    const primeira = await criar(nota, chave);
    expect(primeira.status).toBe(201);
    const banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await banco.connect();
    try {
      const { rows } = await banco.query('SELECT expira_em - criada_em AS validade FROM cadastro.idempotencia WHERE chave = $1', [chave]);
      expect(rows).toHaveLength(1);
      expect(rows[0].validade.hours ?? rows[0].validade.days * 24).toBe(24);
      await banco.query("UPDATE cadastro.idempotencia SET expira_em = now() - interval '1 second' WHERE chave = $1", [chave]);
      // Expired: the request runs again, and meets the spec's duplicate rule.
      const depois = await criar(nota, chave);
      expect([depois.status, depois.corpo]).toEqual([422, { error: 'Código externo já está em uso' }]);
    } finally {
      await banco.end();
    }
  });

  it('rota sem Idempotency-Key (GET, PUT de certificado) ignora o cabeçalho', async () => {
    const r = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cnpj, cabecalhos: { 'idempotency-key': '' } });
    expect(r.status).toBe(200);
    const cert = await enviarCertificado(conta, cnpj);
    expect(cert.status).toBe(200);
  });

  it('sem credenciais: 401 antes de qualquer coisa (a chave não é gravada)', async () => {
    const r = await requisitar('POST', '/nfe/v1/notas', { corpo: notaValida(), cabecalhos: { 'idempotency-key': 'x' } });
    expect(r.status).toBe(401);
    const c = await criarConta();
    await criarEmpresa(c);
    // A company that is not apt: 422, a final answer, replayed.
    const naoApta = await requisitar('POST', '/nfe/v1/notas', {
      credencial: c.producao,
      corpo: notaValida(),
      cabecalhos: { 'idempotency-key': 'k' },
    });
    expect([naoApta.status, naoApta.corpo]).toEqual([422, { error: 'Empresa não está apta a emitir NF-e' }]);
  });

  it('NFS-e e inutilização também', async () => {
    const nfse = await empresaNfse();
    const corpo = notaNfse();
    const chave = chaveNova();
    const pedir = () =>
      requisitar('POST', '/nfse/v1/notas', {
        credencial: nfse.conta.producao,
        cnpj: nfse.cnpj,
        corpo,
        cabecalhos: { 'idempotency-key': chave },
      });
    const [a, b] = await Promise.all([pedir(), pedir()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.corpo.id).toBe(b.corpo.id);
    const lista = await requisitar('GET', `/nfse/v1/notas?codigo_externo=${corpo.codigo_externo}`, {
      credencial: nfse.conta.producao,
      cnpj: nfse.cnpj,
    });
    expect(lista.corpo).toHaveLength(1);

    const faixa = { serie: 7, numero_inicial: 500, numero_final: 510, justificativa: 'Faixa pulada por falha no sistema do emissor' };
    const inutilizar = () =>
      requisitar('POST', '/nfe/v1/inutilizacoes', {
        credencial: conta.producao,
        cnpj,
        corpo: faixa,
        cabecalhos: { 'idempotency-key': `inut-${chave}` },
      });
    const primeira = await inutilizar();
    expect(primeira.status).toBe(200);
    const repetida = await inutilizar();
    expect([repetida.status, repetida.texto, repetida.cabecalhos.get('idempotent-replayed')]).toEqual([200, primeira.texto, 'true']);
  });

  it('carta de correção: a mesma chave não pede uma segunda carta (sequencia repetida), sem chave pede', async () => {
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida());
    const corpo = { correcao: 'Correção do endereço de entrega do destinatário' };
    const pedir = (cabecalhos: Record<string, string> = {}) =>
      requisitar('POST', `/nfe/v1/notas/${nota.uuid}/carta-correcao`, { credencial: conta.producao, cnpj, corpo, cabecalhos });
    const chave = chaveNova();
    const primeira = await pedir({ 'idempotency-key': chave });
    expect(primeira.status).toBe(202);
    const repetida = await pedir({ 'idempotency-key': chave });
    expect([repetida.status, repetida.corpo, repetida.cabecalhos.get('idempotent-replayed')]).toEqual([202, primeira.corpo, 'true']);
    const semChave = await pedir();
    expect(semChave.status).toBe(202);
    expect(semChave.corpo.sequencia).toBe(primeira.corpo.sequencia + 1);
  });

  it('o OpenAPI documenta o cabeçalho nas rotas idempotentes', async () => {
    const r = await requisitar('GET', '/docs-json');
    const cabecalho = (rota: any) => (rota?.parameters ?? []).some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(cabecalho(r.corpo.paths['/nfe/v1/notas'].post)).toBe(true);
    expect(cabecalho(r.corpo.paths['/nfse/v1/notas'].post)).toBe(true);
    expect(cabecalho(r.corpo.paths['/nfe/v1/inutilizacoes'].post)).toBe(true);
    expect(cabecalho(r.corpo.paths['/nfe/v1/notas'].get)).toBe(false);
  });

  describe('a chave em andamento, vista pelo banco', () => {
    let banco: Client;
    beforeAll(async () => {
      banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
      await banco.connect();
    });
    afterAll(() => banco.end());

    it('uma duplicata espera a resposta da primeira (em andamento) e a repete quando ela chega', async () => {
      const chave = chaveNova();
      const nota = notaValida();
      expect((await criar(nota, chave)).status).toBe(201);
      // As if the first request were still running (on this replica or another).
      await banco.query(
        "UPDATE cadastro.idempotencia SET concluida = false, status = NULL, corpo = NULL, bloqueada_ate = now() + interval '30 seconds' WHERE chave = $1",
        [chave],
      );
      const inicio = Date.now();
      const duplicata = criar(nota, chave);
      await dormir(800);
      await banco.query(
        'UPDATE cadastro.idempotencia SET concluida = true, status = 201, tipo_conteudo = \'application/json; charset=utf-8\', corpo = \'{"resposta":"da primeira"}\' WHERE chave = $1',
        [chave],
      );
      const r = await duplicata;
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(800);
      expect([r.status, r.corpo, r.cabecalhos.get('idempotent-replayed')]).toEqual([201, { resposta: 'da primeira' }, 'true']);
    });

    it('a chave de uma requisição que morreu (trava vencida) é assumida pela seguinte, que roda de novo', async () => {
      const chave = chaveNova();
      const nota = notaValida();
      expect((await criar(nota, chave)).status).toBe(201);
      await banco.query(
        "UPDATE cadastro.idempotencia SET concluida = false, status = NULL, corpo = NULL, bloqueada_ate = now() - interval '1 second' WHERE chave = $1",
        [chave],
      );
      // Runs again: the note of the first run exists, so the spec's duplicate rule answers.
      const r = await criar(nota, chave);
      expect([r.status, r.corpo, r.cabecalhos.get('idempotent-replayed')]).toEqual([422, { error: 'Código externo já está em uso' }, null]);
      expect(await listarPorCodigo(nota.codigo_externo)).toHaveLength(1);
    });
  });

  it('duas réplicas do gateway: a outra réplica repete a resposta, e duplicatas simultâneas nas duas criam uma nota', async () => {
    const iso = await iniciarSistemaIsolado({ prefixo: 'idem', apps: ['gateway', 'nfe-service'] });
    const voltar = usarSistema(iso);
    try {
      const replica = await iso.adicionarReplica('gateway');
      const apta = await contaComEmpresaApta();
      const em = async (url: string, corpo: unknown, chave: string) => {
        const anterior = process.env.E2E_URL;
        process.env.E2E_URL = url;
        try {
          return await requisitar('POST', '/nfe/v1/notas', {
            credencial: apta.conta.producao,
            cnpj: apta.cnpj,
            corpo,
            cabecalhos: { 'idempotency-key': chave },
          });
        } finally {
          process.env.E2E_URL = anterior;
        }
      };
      const nota = notaValida();
      const chave = chaveNova();
      const a = await em(iso.url, nota, chave);
      expect(a.status).toBe(201);
      const b = await em(replica, nota, chave);
      expect([b.status, b.texto, b.cabecalhos.get('idempotent-replayed')]).toEqual([201, a.texto, 'true']);

      const outra = notaValida();
      const outraChave = chaveNova();
      const respostas = await Promise.all([
        em(iso.url, outra, outraChave),
        em(replica, outra, outraChave),
        em(iso.url, outra, outraChave),
        em(replica, outra, outraChave),
      ]);
      expect(respostas.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(respostas.map((r) => r.corpo.uuid)).size).toBe(1);
      const lista = await requisitar('GET', `/nfe/v1/notas?codigo_externo=${outra.codigo_externo}`, {
        credencial: apta.conta.producao,
        cnpj: apta.cnpj,
      });
      expect(lista.corpo).toHaveLength(1);
    } finally {
      voltar();
      await iso.parar();
    }
  }, 300_000);
});
