import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const RAIZ = path.resolve(__dirname, '..', '..');
const APPS = ['gateway', 'nfe-service', 'nfse-service', 'sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const SIMULADORES: Record<string, number> = { 'sefaz-simulator': 3201, 'municipal-simulator': 3202 };

interface Instrucao {
  comando: string;
  argumentos: string;
  linha: number;
}
interface Estagio {
  base: string;
  nome?: string;
  instrucoes: Instrucao[];
}

/** Enough of the Dockerfile grammar for these checks: comments, line continuations, stages. */
function lerDockerfile(texto: string): Estagio[] {
  const instrucoes: Instrucao[] = [];
  let atual: { partes: string[]; linha: number } | undefined;
  texto.split('\n').forEach((bruta, i) => {
    const linha = bruta.trim();
    if (linha.startsWith('#') || (!atual && linha === '')) return;
    const continua = linha.endsWith('\\');
    const parte = continua ? linha.slice(0, -1).trim() : linha;
    if (!atual) atual = { partes: [], linha: i + 1 };
    atual.partes.push(parte);
    if (!continua) {
      const completa = atual.partes.filter(Boolean).join(' ');
      const [comando, ...resto] = completa.split(/\s+/);
      instrucoes.push({ comando: comando.toUpperCase(), argumentos: resto.join(' '), linha: atual.linha });
      atual = undefined;
    }
  });
  const estagios: Estagio[] = [];
  for (const inst of instrucoes) {
    if (inst.comando === 'FROM') {
      const [base, , nome] = inst.argumentos.split(/\s+/);
      estagios.push({ base, nome, instrucoes: [] });
    } else if (estagios.length) estagios[estagios.length - 1].instrucoes.push(inst);
  }
  return estagios;
}

const dockerfile = readFileSync(path.join(RAIZ, 'docker', 'Dockerfile'), 'utf8');
const estagios = lerDockerfile(dockerfile);
const final = estagios[estagios.length - 1];
const em = (e: Estagio, comando: string) => e.instrucoes.filter((i) => i.comando === comando);

describe('docker/Dockerfile', () => {
  it('o leitor entende continuações e comentários', () => {
    const e = lerDockerfile('# c\nFROM a AS b\nRUN x \\\n  # no meio\n  && y\nUSER 1\n');
    expect(e).toEqual([
      {
        base: 'a',
        nome: 'b',
        instrucoes: [
          expect.objectContaining({ comando: 'RUN', argumentos: 'x && y' }),
          expect.objectContaining({ comando: 'USER', argumentos: '1' }),
        ],
      },
    ]);
  });

  it('multi-stage: build, dependências e runtime slim', () => {
    expect(estagios.map((e) => e.nome)).toEqual(['build', 'dependencias', 'runtime']);
    for (const e of estagios) expect(e.base).toMatch(/^node:\$\{NODE_VERSION\}-\$\{DEBIAN\}-slim$/);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=20$/m);
  });

  it('build: npm ci completo, build SWC, dependências do app pelo grafo de requires', () => {
    const runs = em(estagios[0], 'RUN').map((i) => i.argumentos);
    expect(runs.some((r) => /npm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
    expect(runs).toContainEqual(expect.stringContaining('node tools/build.mjs'));
    expect(runs).toContainEqual(expect.stringMatching(/node tools\/docker\/dependencias-do-app\.mjs \$\{APP\} --saida \/saida/));
  });

  it('runtime: só as dependências de produção do app, sem npm ci nem cache de npm', () => {
    expect(em(estagios[1], 'RUN').map((i) => i.argumentos)).toContainEqual(expect.stringMatching(/npm ci --omit=dev --ignore-scripts/));
    expect(em(estagios[1], 'COPY').map((i) => i.argumentos)).toContainEqual('--from=build /saida/package.json /saida/package-lock.json ./');
    const copias = em(final, 'COPY').map((i) => i.argumentos);
    expect(copias).toContainEqual('--from=dependencias /app/node_modules ./node_modules');
    expect(copias).toContainEqual('--from=build /saida/dist ./dist');
    expect(em(final, 'RUN').some((i) => /\bnpm\b/.test(i.argumentos))).toBe(false);
    expect(em(final, 'ADD')).toEqual([]);
  });

  it('usuário não root numérico, HEALTHCHECK em /health, tini como PID 1, CMD em forma exec', () => {
    const [usuario] = em(final, 'USER').map((i) => i.argumentos);
    expect(usuario).toMatch(/^\d+:\d+$/);
    expect(Number(usuario.split(':')[0])).toBeGreaterThan(0);
    expect(
      em(final, 'RUN')
        .map((i) => i.argumentos)
        .join(' '),
    ).toMatch(/useradd --uid 10001/);
    const [saude] = em(final, 'HEALTHCHECK').map((i) => i.argumentos);
    expect(saude).toMatch(/CMD \["node", "\/usr\/local\/lib\/emissor\/verificar-saude\.cjs"\]/);
    expect(readFileSync(path.join(RAIZ, 'docker', 'verificar-saude.cjs'), 'utf8')).toContain('/health`');
    // Exec form: node (under tini) receives SIGTERM itself; a shell would swallow it.
    expect(em(final, 'ENTRYPOINT').map((i) => i.argumentos)).toEqual(['["/usr/bin/tini", "--"]']);
    expect(em(final, 'CMD').map((i) => JSON.parse(i.argumentos))).toEqual([['node', 'main.js']]);
    // Nothing runs as root after USER.
    const indiceUser = final.instrucoes.findIndex((i) => i.comando === 'USER');
    expect(final.instrucoes.slice(indiceUser).filter((i) => i.comando === 'RUN')).toEqual([]);
  });

  it('Chromium do Debian só na imagem do nfe-service, sem download do Puppeteer', () => {
    expect(dockerfile).toMatch(/^ARG APPS_COM_CHROMIUM="nfe-service"$/m);
    const [chromium] = em(final, 'RUN').filter((i) => i.argumentos.includes('chromium'));
    expect(chromium.argumentos).toMatch(
      /case " \$APPS_COM_CHROMIUM " in \*" \$APP "\*\) apt-get update; apt-get install -y --no-install-recommends chromium /,
    );
    // tini and the user come before ARG APP: one layer shared by every image.
    const indice = (p: (i: Instrucao) => boolean) => final.instrucoes.findIndex(p);
    expect(indice((i) => i.comando === 'RUN' && i.argumentos.includes('tini'))).toBeLessThan(
      indice((i) => i.comando === 'ARG' && i.argumentos === 'APP'),
    );
    const env = em(final, 'ENV')
      .map((i) => i.argumentos)
      .join(' ');
    expect(env).toContain('PUPPETEER_SKIP_DOWNLOAD=1');
    expect(env).toContain('PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium');
    expect(env).toContain('NODE_ENV=production');
  });

  it('a porta padrão de cada app no HEALTHCHECK é a do lançador (tools/sistema.cjs)', () => {
    const { APPS: lancador } = require(path.join(RAIZ, 'tools', 'sistema.cjs')) as { APPS: { nome: string; porta: number }[] };
    const saude = readFileSync(path.join(RAIZ, 'docker', 'verificar-saude.cjs'), 'utf8');
    const portaNoScript = (nome: string) => Number(new RegExp(`(?:'${nome}'|\\b${nome}): (\\d+)`).exec(saude)?.[1]);
    for (const { nome, porta } of lancador) expect({ nome, porta: portaNoScript(nome) }).toEqual({ nome, porta });
    for (const [nome, porta] of Object.entries(SIMULADORES)) expect({ nome, porta: portaNoScript(nome) }).toEqual({ nome, porta });
  });

  it('o contexto de build (Dockerfile.dockerignore) deixa fora node_modules, testes e o que não é fonte', () => {
    const ignorar = readFileSync(path.join(RAIZ, 'docker', 'Dockerfile.dockerignore'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(ignorar[0]).toBe('**');
    expect(ignorar).toEqual(
      expect.arrayContaining(['**/node_modules', '**/*.spec.ts', '!apps/**', '!libs/**', '!tools/docker/dependencias-do-app.mjs']),
    );
    // What the build script loads from tools/ goes into the context with it.
    const build = readFileSync(path.join(RAIZ, 'tools', 'build.mjs'), 'utf8');
    const locais = [...build.matchAll(/['"]\.\/([\w./-]+)['"]/g)].map((m) => `!tools/${m[1]}`);
    expect(locais).not.toHaveLength(0);
    expect(ignorar).toEqual(expect.arrayContaining(['!tools/build.mjs', ...locais]));
  });
});

describe('docker/compose.yml', () => {
  const compose = parse(readFileSync(path.join(RAIZ, 'docker', 'compose.yml'), 'utf8'), { merge: true });
  const servicos = compose.services as Record<string, any>;

  it('infraestrutura: PostgreSQL, NATS com JetStream, RabbitMQ, com healthchecks', () => {
    expect(servicos.postgres.image).toMatch(/^postgres:/);
    expect(servicos.nats.command).toContain('--jetstream');
    expect(servicos.rabbitmq.image).toMatch(/^rabbitmq:/);
    for (const s of ['postgres', 'nats', 'rabbitmq']) expect(servicos[s].healthcheck.test).toBeDefined();
  });

  it('migrações: serviço único que roda uma vez, antes de todo app', () => {
    expect(servicos.migracoes.build.args).toEqual({ APP: 'migracoes' });
    expect(servicos.migracoes.restart).toBe('no');
    expect(servicos.migracoes.command.join(' ')).toContain('dist/apps/*/src/migrate.js');
  });

  it.each([...APPS, ...Object.keys(SIMULADORES)])('%s: imagem do próprio app, depois das migrações, endurecido, parada graciosa', (app) => {
    const s = servicos[app];
    expect(s.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    expect(s.depends_on.migracoes).toEqual({ condition: 'service_completed_successfully' });
    expect(s.depends_on.nats).toEqual({ condition: 'service_healthy' });
    expect(s.read_only).toBe(true);
    expect(s.tmpfs).toEqual(['/tmp']);
    expect(s.cap_drop).toEqual(['ALL']);
    // Above SHUTDOWN_TIMEOUT_MS: Docker's 10 s default would SIGKILL a graceful shutdown.
    expect(Number(s.stop_grace_period.replace(/s$/, '')) * 1000).toBeGreaterThan(Number(s.environment.SHUTDOWN_TIMEOUT_MS));
    expect(s.environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(s.environment.NATS_URL).toBe('nats://nats:4222');
  });

  it('simuladores só no perfil simuladores, nas portas combinadas, ouvindo fora do loopback', () => {
    for (const [nome, porta] of Object.entries(SIMULADORES)) {
      expect(servicos[nome].profiles).toEqual(['simuladores']);
      expect(servicos[nome].environment.PORT).toBe(String(porta));
      expect(servicos[nome].environment.HOST_SIMULADOR).toBe('0.0.0.0');
    }
  });

  it('só o gateway publica porta; o dispatcher espera o RabbitMQ; o nfe-service tem /dev/shm para o Chromium', () => {
    expect(Object.keys(servicos).filter((s) => servicos[s].ports)).toEqual(['gateway']);
    expect(servicos['webhook-dispatcher'].depends_on.rabbitmq).toEqual({ condition: 'service_healthy' });
    expect(servicos['nfe-service'].shm_size).toBeDefined();
  });

  it('nenhum segredo escrito: senhas e chaves vêm do .env, obrigatórias', () => {
    const texto = readFileSync(path.join(RAIZ, 'docker', 'compose.yml'), 'utf8');
    for (const variavel of ['POSTGRES_PASSWORD', 'RABBITMQ_PASSWORD', 'ADMIN_TOKEN', 'CHAVE_CRIPTOGRAFIA']) {
      expect(texto).toMatch(new RegExp(`\\$\\{${variavel}:\\?`));
    }
    expect(servicos.gateway.environment.ADMIN_TOKEN).toMatch(/^\$\{ADMIN_TOKEN:\?/);
    const exemplo = readFileSync(path.join(RAIZ, 'docker', '.env.example'), 'utf8');
    expect(exemplo).toMatch(/^ADMIN_TOKEN=$/m);
    expect(exemplo).toMatch(/^CHAVE_CRIPTOGRAFIA=$/m);
  });
});
