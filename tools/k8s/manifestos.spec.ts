import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigNfeService } from '../../apps/nfe-service/src/config';
import { type ObjetoK8s, problemasDoObjeto, RAIZ, renderizar } from './renderizar';

interface AppLancador {
  nome: string;
  porta: number;
  extras?: Record<string, number>;
}
// Every process the launcher starts (tools/sistema.cjs) is deployed, with the same ports.
const sistema = require(path.join(RAIZ, 'tools', 'sistema.cjs')) as {
  APPS: AppLancador[];
  resolverPortas: () => Record<string, number>;
  ambienteDerivado: (portas: Record<string, number>) => Record<string, string>;
};
const APPS = sistema.APPS.map((a) => a.nome);
const PORTAS: Record<string, number> = Object.fromEntries(sistema.APPS.map((a) => [a.nome, a.porta]));
/** Simulator -> its TLS port and the adapter (and that adapter's URL setting) that talks to it. */
const SIMULADORES: Record<string, { portaTls: number; adaptador: string; variavelUrl: string }> = {
  'sefaz-simulator': { portaTls: PORTA_TLS('sefaz-simulator'), adaptador: 'sefaz-adapter', variavelUrl: 'SEFAZ_SIMULADOR_URL' },
  'municipal-simulator': {
    portaTls: PORTA_TLS('municipal-simulator'),
    adaptador: 'municipal-adapter',
    variavelUrl: 'MUNICIPIO_SIMULADOR_URL',
  },
};
const COM_HPA = ['gateway', 'sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const COM_SAIDA_INTERNET = ['sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const INFRA = ['postgres', 'nats', 'rabbitmq'];
const SEGREDO_AC = 'emissor-ac-teste';

function PORTA_TLS(app: string): number {
  const porta = sistema.APPS.find((a) => a.nome === app)?.extras?.PORTA_TLS;
  if (!porta) throw new Error(`${app} sem PORTA_TLS em tools/sistema.cjs`);
  return porta;
}

const de = (objetos: ObjetoK8s[], kind: string) => objetos.filter((o) => o.kind === kind);
const nomes = (objetos: ObjetoK8s[]) => objetos.map((o) => o.metadata.name).sort();
/** Kubernetes quantities to numbers (cores / bytes), enough to compare requests with limits. */
function quantidade(q: string | number): number {
  const texto = String(q);
  const sufixos: Record<string, number> = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 };
  const [, numero, sufixo = ''] = /^([\d.]+)([a-zA-Z]*)$/.exec(texto) ?? [];
  if (numero === undefined || (sufixo && !(sufixo in sufixos))) throw new Error(`quantidade inválida: ${texto}`);
  return Number(numero) * (sufixo ? sufixos[sufixo] : 1);
}

describe.each(['dev', 'prod'])('k8s/overlays/%s', (overlay) => {
  let objetos: ObjetoK8s[];
  let deployments: ObjetoK8s[];

  beforeAll(() => {
    objetos = renderizar(`k8s/overlays/${overlay}`);
    deployments = de(objetos, 'Deployment');
  });

  it('renderiza e cada objeto valida contra os esquemas do Kubernetes, sem campos desconhecidos', () => {
    expect(objetos.length).toBeGreaterThan(20);
    const problemas = objetos.flatMap((o) => problemasDoObjeto(o).map((p) => `${o.kind}/${o.metadata.name}: ${p}`));
    expect(problemas).toEqual([]);
  });

  it('tudo no namespace do overlay', () => {
    const esperado = overlay === 'prod' ? 'emissor' : 'emissor-dev';
    expect(objetos.filter((o) => o.metadata.namespace !== esperado).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  it('todo app do lançador (tools/sistema.cjs), simuladores incluídos, tem Deployment', () => {
    expect(APPS).toEqual(expect.arrayContaining(Object.keys(SIMULADORES)));
    for (const app of APPS)
      expect({ app, deployment: deployments.some((d) => d.metadata.name === app) }).toEqual({ app, deployment: true });
  });

  it('um Deployment, Service e PodDisruptionBudget por app; HPA só nos apps sem estado', () => {
    expect(nomes(deployments)).toEqual([...APPS].sort());
    for (const app of APPS) expect(de(objetos, 'Service').map((s) => s.metadata.name)).toContain(app);
    expect(nomes(de(objetos, 'PodDisruptionBudget'))).toEqual([...APPS].sort());
    const hpas = de(objetos, 'HorizontalPodAutoscaler');
    expect(nomes(hpas)).toEqual([...COM_HPA].sort());
    for (const hpa of hpas) {
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: hpa.metadata.name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // A replicas field would fight the autoscaler on every apply.
      expect(deployments.find((d) => d.metadata.name === hpa.metadata.name)!.spec.replicas).toBeUndefined();
    }
    for (const pdb of de(objetos, 'PodDisruptionBudget')) {
      expect(pdb.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': pdb.metadata.name });
      // maxUnavailable (not minAvailable) never blocks a drain when an app runs a single replica.
      expect(pdb.spec.maxUnavailable).toBe(1);
    }
  });

  it('cada Service aponta para os pods do seu app na porta http (e tls nos simuladores)', () => {
    for (const app of APPS) {
      const servico = de(objetos, 'Service').find((s) => s.metadata.name === app)!;
      expect(servico.spec.selector).toEqual({ 'app.kubernetes.io/name': app });
      const tls = SIMULADORES[app] ? [expect.objectContaining({ name: 'tls', port: SIMULADORES[app].portaTls, targetPort: 'tls' })] : [];
      expect(servico.spec.ports).toEqual([expect.objectContaining({ port: PORTAS[app], targetPort: 'http' }), ...tls]);
    }
  });

  it('cada Deployment: sondas, recursos, contexto de segurança, /tmp gravável, encerramento no prazo', () => {
    const config = de(objetos, 'ConfigMap').find((c) => c.metadata.name.startsWith('emissor-config-'))!;
    const encerramentoMs = Number(config.data.SHUTDOWN_TIMEOUT_MS);
    expect(encerramentoMs).toBeGreaterThan(0);
    for (const d of deployments) {
      const app = d.metadata.name;
      const pod = d.spec.template.spec;
      expect(d.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': app });
      expect(d.spec.template.metadata.labels['app.kubernetes.io/name']).toBe(app);
      // The simulators serve no /metrics: nothing to scrape.
      if (SIMULADORES[app]) expect(d.spec.template.metadata.annotations ?? {}).not.toHaveProperty(['prometheus.io/scrape']);
      else
        expect(d.spec.template.metadata.annotations).toMatchObject({
          'prometheus.io/scrape': 'true',
          'prometheus.io/path': '/metrics',
          'prometheus.io/port': String(PORTAS[app]),
        });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);

      const [principal, ...outros] = pod.containers;
      expect(outros).toEqual([]);
      expect(principal.name).toBe(app);
      const tls = SIMULADORES[app] ? [{ name: 'tls', containerPort: SIMULADORES[app].portaTls, protocol: 'TCP' }] : [];
      expect(principal.ports).toEqual([{ name: 'http', containerPort: PORTAS[app], protocol: 'TCP' }, ...tls]);
      expect(principal.env).toContainEqual({ name: 'PORT', value: String(PORTAS[app]) });
      if (SIMULADORES[app]) {
        expect(principal.env).toContainEqual({ name: 'PORTA_TLS', value: String(SIMULADORES[app].portaTls) });
        // They bind loopback by default; the probes and the Service come from outside the pod.
        expect(principal.env).toContainEqual({ name: 'HOST_SIMULADOR', value: '0.0.0.0' });
        expect(d.spec.replicas).toBe(1);
      }
      expect(principal.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(principal.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(principal.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });

      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const onde = `${app}/${c.name}`;
        expect({ onde, sc: c.securityContext }).toEqual({
          onde,
          sc: expect.objectContaining({
            allowPrivilegeEscalation: false,
            privileged: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          }),
        });
        for (const recurso of ['cpu', 'memory']) {
          const pedido = c.resources?.requests?.[recurso];
          const limite = c.resources?.limits?.[recurso];
          expect({ onde, recurso, pedido: pedido !== undefined, limite: limite !== undefined }).toEqual({
            onde,
            recurso,
            pedido: true,
            limite: true,
          });
          expect(quantidade(pedido)).toBeLessThanOrEqual(quantidade(limite));
        }
        // Read-only root: /tmp is the one writable place, an emptyDir.
        const tmp = c.volumeMounts?.find((m: { mountPath: string }) => m.mountPath === '/tmp');
        expect({ onde, tmp: tmp?.name }).toEqual({ onde, tmp: 'tmp' });
      }
      expect(pod.volumes.find((v: { name: string }) => v.name === 'tmp').emptyDir).toBeDefined();

      // V8's heap must stop below the container's memory limit.
      const heapMb = Number(
        /--max-old-space-size=(\d+)/.exec(principal.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS')?.value ?? '')?.[1],
      );
      expect(heapMb * 2 ** 20).toBeLessThan(quantidade(principal.resources.limits.memory));

      // preStop + the app's own shutdown limit must fit before Kubernetes' SIGKILL.
      const preStop = Number(principal.lifecycle.preStop.exec.command[1]);
      expect(principal.lifecycle.preStop.exec.command[0]).toBe('sleep');
      expect(preStop + encerramentoMs / 1000).toBeLessThan(pod.terminationGracePeriodSeconds);
    }
  });

  it('migrações antes do app: init container com a mesma imagem rodando migrate.js', () => {
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      const [migrar, ...sidecars] = pod.initContainers;
      expect(migrar.name).toBe('migrar');
      expect(migrar.restartPolicy).toBeUndefined();
      expect(migrar.image).toBe(pod.containers[0].image);
      expect(migrar.command).toEqual(['node', 'migrate.js']);
      expect(migrar.env.map((e: { name: string }) => e.name)).toEqual(['DATABASE_URL']);
      // Anything after it is a native sidecar (runs beside the app), never a second one-shot step.
      for (const s of sidecars)
        expect({ app: d.metadata.name, s: s.name, restartPolicy: s.restartPolicy }).toEqual({
          app: d.metadata.name,
          s: s.name,
          restartPolicy: 'Always',
        });
    }
  });

  it('simuladores: cada adaptador fala direto com o Service do seu, cujo nome está no certificado do simulador', () => {
    const config = de(objetos, 'ConfigMap').find((c) => c.metadata.name.startsWith('emissor-config-'))!;
    // The launcher's derived settings with default ports: the same TLS port, on loopback there.
    const derivado = sistema.ambienteDerivado(sistema.resolverPortas());
    for (const [simulador, { portaTls, adaptador, variavelUrl }] of Object.entries(SIMULADORES)) {
      const url = new URL(config.data[variavelUrl]);
      expect({ variavelUrl, protocolo: url.protocol, host: url.hostname, porta: Number(url.port) }).toEqual({
        variavelUrl,
        protocolo: 'https:',
        host: simulador,
        porta: portaTls,
      });
      expect(new URL(derivado[variavelUrl]).port).toBe(url.port);
      // The simulator issues its server certificate for that name (the adapter verifies host names).
      const principal = deployments.find((d) => d.metadata.name === simulador)!.spec.template.spec.containers[0];
      const nomes = principal.env.find((e: { name: string }) => e.name === 'NOMES_SERVIDOR_SIMULADOR')?.value ?? '';
      expect({ simulador, nomes: nomes.split(',').map((n: string) => n.trim()) }).toEqual({
        simulador,
        nomes: expect.arrayContaining([url.hostname]),
      });
      // No relay left in the adapter's pod: only the migrations run before it.
      const pod = deployments.find((d) => d.metadata.name === adaptador)!.spec.template.spec;
      expect(pod.initContainers.map((c: { name: string }) => c.name)).toEqual(['migrar']);
      expect(pod.containers).toHaveLength(1);
    }
    // No pod refers to the removed relay script.
    expect(JSON.stringify(deployments)).not.toContain('retransmissor');
  });

  it('AC de teste: o Secret inteiro (com a chave) só nos simuladores (e no gateway de dev, que emite certificados de teste); nos adaptadores só o certificado; mesmo AC_TESTE_DIR', () => {
    const config = de(objetos, 'ConfigMap').find((c) => c.metadata.name.startsWith('emissor-config-'))!;
    const dir = config.data.AC_TESTE_DIR;
    expect(dir).toMatch(/^\//);
    const adaptadores = Object.values(SIMULADORES).map((s) => s.adaptador);
    for (const d of deployments) {
      const app = d.metadata.name;
      const pod = d.spec.template.spec;
      const volume = pod.volumes.find((v: { secret?: { secretName: string } }) => v.secret?.secretName === SEGREDO_AC);
      // decisions §11: the dev gateway issues test certificates (POST /nfe/v1/empresa/certificado/teste); prod's never holds the key.
      const emissorDeTeste = app === 'gateway' && overlay === 'dev';
      if (!SIMULADORES[app] && !adaptadores.includes(app) && !emissorDeTeste) {
        expect({ app, volume }).toEqual({ app, volume: undefined });
        continue;
      }
      expect({ app, volume: volume !== undefined }).toEqual({ app, volume: true });
      // Read-only to the app through the pod's fsGroup, to nobody else.
      expect(volume.secret.defaultMode).toBe(0o440);
      expect(volume.secret.optional).toBeUndefined();
      expect(volume.secret.items).toEqual(
        SIMULADORES[app] || emissorDeTeste ? undefined : [{ key: 'ac-teste.crt.pem', path: 'ac-teste.crt.pem' }],
      );
      const montagens = pod.containers[0].volumeMounts.filter((m: { name: string }) => m.name === volume.name);
      expect(montagens).toEqual([{ name: volume.name, mountPath: dir, readOnly: true }]);
      for (const c of pod.initContainers) expect((c.volumeMounts ?? []).some((m: { name: string }) => m.name === volume.name)).toBe(false);
    }
  });

  it('imagens com tag explícita, nunca latest', () => {
    for (const d of deployments) {
      for (const c of [...d.spec.template.spec.containers, ...d.spec.template.spec.initContainers]) {
        expect(c.image).toMatch(new RegExp(`emissor/${d.metadata.name}:[\\w.-]+$`));
        expect(c.image).not.toMatch(/:latest$/);
      }
    }
  });

  it('segredos só referenciados por nome: nenhum Secret no repositório, e cada chave documentada em k8s/README.md', () => {
    expect(de(objetos, 'Secret')).toEqual([]);
    const leiaMe = readFileSync(path.join(RAIZ, 'k8s', 'README.md'), 'utf8');
    const referencias = new Set<string>();
    const visitar = (valor: unknown) => {
      if (!valor || typeof valor !== 'object') return;
      const ref = (valor as { secretKeyRef?: { name: string; key: string } }).secretKeyRef;
      if (ref) referencias.add(`${ref.name} ${ref.key}`);
      Object.values(valor).forEach(visitar);
    };
    objetos.forEach(visitar);
    // Secrets mounted as files: every key the pods use (the simulators' test CA: certificate and key).
    for (const d of deployments) {
      for (const v of d.spec.template.spec.volumes ?? []) {
        if (!v.secret) continue;
        const chaves =
          v.secret.items?.map((i: { key: string }) => i.key) ??
          (v.secret.secretName === SEGREDO_AC ? ['ac-teste.crt.pem', 'ac-teste.key.pem'] : []);
        expect({ segredo: v.secret.secretName, chaves: chaves.length > 0 }).toEqual({ segredo: v.secret.secretName, chaves: true });
        for (const chave of chaves) referencias.add(`${v.secret.secretName} ${chave}`);
      }
    }
    expect(referencias.size).toBeGreaterThan(0);
    for (const ref of referencias) {
      const [nome, chave] = ref.split(' ');
      expect({ ref, documentada: leiaMe.split('\n').some((l) => l.includes(`\`${nome}\``) && l.includes(`\`${chave}\``)) }).toEqual({
        ref,
        documentada: true,
      });
    }
    // Application settings come from the generated ConfigMap (hashed name, so a change rolls out).
    for (const d of deployments) {
      expect(d.spec.template.spec.containers[0].envFrom).toEqual([
        { configMapRef: { name: expect.stringMatching(/^emissor-config-[a-z0-9]{10}$/) } },
      ]);
    }
  });

  it('rede: tudo negado, só o gateway aberto para fora, internet (443, sem faixas privadas) só para adaptadores e despachante', () => {
    const politicas = de(objetos, 'NetworkPolicy');
    const negarTudo = politicas.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(negarTudo?.spec.policyTypes).toEqual(['Ingress', 'Egress']);

    // The labels of each app's pods, as rendered.
    const rotulosDe = (app: string): Record<string, string> => {
      const d = deployments.find((x) => x.metadata.name === app);
      return d
        ? d.spec.template.metadata.labels
        : { 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': INFRA.includes(app) ? 'emissor-infra' : 'emissor' };
    };
    const casa = (
      sel: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values: string[] }[] },
      rotulos: Record<string, string>,
    ) => {
      const porRotulo = Object.entries(sel.matchLabels ?? {}).every(([k, v]) => rotulos[k] === v);
      const porExpressao = (sel.matchExpressions ?? []).every((e) => {
        if (e.operator === 'In') return e.values.includes(rotulos[e.key]);
        if (e.operator === 'NotIn') return !e.values.includes(rotulos[e.key]);
        throw new Error(`operador não tratado no teste: ${e.operator}`);
      });
      return porRotulo && porExpressao;
    };
    const seleciona = (p: ObjetoK8s, app: string) => casa(p.spec.podSelector, rotulosDe(app));
    // Ingress from anywhere = a rule without `from`, or with an ipBlock.
    const abertoParaFora = (app: string) =>
      politicas.some(
        (p) =>
          seleciona(p, app) &&
          (p.spec.ingress ?? []).some((r: { from?: { ipBlock?: unknown }[] }) => !r.from || r.from.some((f) => f.ipBlock)),
      );
    expect(APPS.filter(abertoParaFora)).toEqual(['gateway']);

    const regrasInternet = (app: string) =>
      politicas
        .filter((p) => seleciona(p, app))
        .flatMap((p) =>
          (p.spec.egress ?? []).filter((r: { to?: { ipBlock?: { cidr: string } }[] }) =>
            r.to?.some((t) => t.ipBlock?.cidr === '0.0.0.0/0'),
          ),
        );
    expect(APPS.filter((app) => regrasInternet(app).length > 0)).toEqual(COM_SAIDA_INTERNET);
    for (const regra of regrasInternet('webhook-dispatcher')) {
      expect(regra.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(regra.to[0].ipBlock.except).toEqual(
        expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
      );
    }

    // Simulators: every ingress rule that selects them admits only their adapter, only on the TLS port.
    for (const [simulador, { adaptador }] of Object.entries(SIMULADORES)) {
      const regras = politicas.filter((p) => seleciona(p, simulador)).flatMap((p) => p.spec.ingress ?? []);
      expect(regras.length).toBeGreaterThan(0);
      for (const r of regras) {
        expect({ simulador, portas: r.ports }).toEqual({ simulador, portas: [{ protocol: 'TCP', port: 'tls' }] });
        expect({ simulador, de: r.from }).toEqual({
          simulador,
          de: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': adaptador } } }],
        });
      }
      // And the adapters' egress (to the pods of the namespace) lets them get there.
      const saida = politicas.filter((p) => seleciona(p, adaptador)).flatMap((p) => p.spec.egress ?? []);
      expect(
        saida.some(
          (r: { to?: { podSelector?: object }[]; ports?: unknown }) =>
            !r.ports && r.to?.some((t) => t.podSelector && casa(t.podSelector, rotulosDe(simulador))),
        ),
      ).toBe(true);
    }
  });

  it('responsável técnico (NT 2018.005): nenhum valor na base; exemplo só no dev; prod sem ele não sobe', () => {
    const RT = ['RESPONSAVEL_TECNICO_CNPJ', 'RESPONSAVEL_TECNICO_CONTATO', 'RESPONSAVEL_TECNICO_EMAIL', 'RESPONSAVEL_TECNICO_FONE'];
    const base = readFileSync(path.join(RAIZ, 'k8s', 'base', 'configuracao.env'), 'utf8');
    expect(base.split('\n').filter((l) => /^RESPONSAVEL_TECNICO_/.test(l))).toEqual([]);
    const config = de(objetos, 'ConfigMap').find((c) => c.metadata.name.startsWith('emissor-config-'))!;
    // nfe-service's own start check, on the settings exactly as this overlay renders them.
    const iniciar = () => carregarConfigNfeService({ ...config.data, DATABASE_URL: 'postgres://u@h/db', NATS_URL: 'nats://nats:4222' });
    if (overlay === 'dev') {
      expect(config.data).toMatchObject({
        NODE_ENV: 'development',
        RESPONSAVEL_TECNICO_CNPJ: '11222333000181',
        RESPONSAVEL_TECNICO_EMAIL: 'fiscal@emissor.example',
      });
      expect(iniciar().responsavelTecnico.contato.cnpj).toBe('11222333000181');
    } else {
      for (const nome of RT) expect([nome, config.data[nome]]).toEqual([nome, undefined]);
      let erro: unknown;
      try {
        iniciar();
      } catch (e) {
        erro = e;
      }
      expect(erro).toBeInstanceOf(ErroConfiguracao);
      expect((erro as ErroConfiguracao).problemas).toEqual(
        RT.map((nome) => `${nome} é obrigatória em produção (responsável técnico do infRespTec)`),
      );
    }
  });

  if (overlay === 'dev') {
    it('dev: PostgreSQL, NATS com JetStream e RabbitMQ como StatefulSets, acessíveis só pelos apps', () => {
      const sts = de(objetos, 'StatefulSet');
      expect(nomes(sts)).toEqual(['nats', 'postgres', 'rabbitmq']);
      expect(sts.find((s) => s.metadata.name === 'nats')!.spec.template.spec.containers[0].args).toContain('--jetstream');
      for (const s of sts) {
        expect(s.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
        expect(s.spec.template.spec.containers[0].securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(s.spec.template.spec.containers[0].resources.limits).toBeDefined();
      }
      const entrada = de(objetos, 'NetworkPolicy').find(
        (p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/part-of'] === 'emissor-infra',
      )!;
      expect(entrada.spec.ingress[0].from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'emissor' } } }]);
    });
  } else {
    it('prod: nenhuma infraestrutura no cluster, só a saída para os serviços gerenciados', () => {
      expect(de(objetos, 'StatefulSet')).toEqual([]);
      const saida = de(objetos, 'NetworkPolicy').find((p) => p.metadata.name === 'apps-saida-infra-externa')!;
      expect(saida.spec.egress[0].ports.map((p: { port: number }) => p.port)).toEqual(expect.arrayContaining([5432, 4222, 5672]));
      const config = de(objetos, 'ConfigMap')[0];
      expect(config.data).toMatchObject({ NODE_ENV: 'production', SEFAZ_MODE: 'soap' });
    });
  }
});
