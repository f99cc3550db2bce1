import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ObjetoK8s, problemasDoObjeto, RAIZ, renderizar } from './renderizar';

const APPS = ['gateway', 'nfe-service', 'nfse-service', 'sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const PORTAS: Record<string, number> = {
  gateway: 3000,
  'nfe-service': 3101,
  'nfse-service': 3102,
  'sefaz-adapter': 3103,
  'municipal-adapter': 3104,
  'webhook-dispatcher': 3105,
};
const COM_HPA = ['gateway', 'sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const COM_SAIDA_INTERNET = ['sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher'];
const INFRA = ['postgres', 'nats', 'rabbitmq'];

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

  it('cada Service aponta para os pods do seu app na porta http', () => {
    for (const app of APPS) {
      const servico = de(objetos, 'Service').find((s) => s.metadata.name === app)!;
      expect(servico.spec.selector).toEqual({ 'app.kubernetes.io/name': app });
      expect(servico.spec.ports).toEqual([expect.objectContaining({ port: PORTAS[app], targetPort: 'http' })]);
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
      expect(d.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics', 'prometheus.io/port': String(PORTAS[app]) });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);

      const [principal, ...outros] = pod.containers;
      expect(outros).toEqual([]);
      expect(principal.name).toBe(app);
      expect(principal.ports).toEqual([{ name: 'http', containerPort: PORTAS[app], protocol: 'TCP' }]);
      expect(principal.env).toContainEqual({ name: 'PORT', value: String(PORTAS[app]) });
      expect(principal.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(principal.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(principal.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });

      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const onde = `${app}/${c.name}`;
        expect({ onde, sc: c.securityContext }).toEqual({
          onde,
          sc: expect.objectContaining({ allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } }),
        });
        for (const recurso of ['cpu', 'memory']) {
          const pedido = c.resources?.requests?.[recurso];
          const limite = c.resources?.limits?.[recurso];
          expect({ onde, recurso, pedido: pedido !== undefined, limite: limite !== undefined }).toEqual({ onde, recurso, pedido: true, limite: true });
          expect(quantidade(pedido)).toBeLessThanOrEqual(quantidade(limite));
        }
        // Read-only root: /tmp is the one writable place, an emptyDir.
        const tmp = c.volumeMounts?.find((m: { mountPath: string }) => m.mountPath === '/tmp');
        expect({ onde, tmp: tmp?.name }).toEqual({ onde, tmp: 'tmp' });
      }
      expect(pod.volumes.find((v: { name: string }) => v.name === 'tmp').emptyDir).toBeDefined();

      // V8's heap must stop below the container's memory limit.
      const heapMb = Number(/--max-old-space-size=(\d+)/.exec(principal.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS')?.value ?? '')?.[1]);
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
      expect(pod.initContainers).toHaveLength(1);
      const [migrar] = pod.initContainers;
      expect(migrar.image).toBe(pod.containers[0].image);
      expect(migrar.command).toEqual(['node', 'migrate.js']);
      expect(migrar.env.map((e: { name: string }) => e.name)).toEqual(['DATABASE_URL']);
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
    expect(referencias.size).toBeGreaterThan(0);
    for (const ref of referencias) {
      const [nome, chave] = ref.split(' ');
      expect({ ref, documentada: leiaMe.split('\n').some((l) => l.includes(`\`${nome}\``) && l.includes(`\`${chave}\``)) }).toEqual({ ref, documentada: true });
    }
    // Application settings come from the generated ConfigMap (hashed name, so a change rolls out).
    for (const d of deployments) {
      expect(d.spec.template.spec.containers[0].envFrom).toEqual([{ configMapRef: { name: expect.stringMatching(/^emissor-config-[a-z0-9]{10}$/) } }]);
    }
  });

  it('rede: tudo negado, só o gateway aberto para fora, internet (443, sem faixas privadas) só para adaptadores e despachante', () => {
    const politicas = de(objetos, 'NetworkPolicy');
    const negarTudo = politicas.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(negarTudo?.spec.policyTypes).toEqual(['Ingress', 'Egress']);

    const seleciona = (p: ObjetoK8s, app: string) => {
      const sel = p.spec.podSelector;
      const rotulos: Record<string, string> = { 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': INFRA.includes(app) ? 'emissor-infra' : 'emissor' };
      const porRotulo = Object.entries(sel.matchLabels ?? {}).every(([k, v]) => rotulos[k] === v);
      const porExpressao = (sel.matchExpressions ?? []).every((e: { key: string; operator: string; values: string[] }) => e.operator === 'In' && e.values.includes(rotulos[e.key]));
      return porRotulo && porExpressao;
    };
    // Ingress from anywhere = a rule without `from`, or with an ipBlock.
    const abertoParaFora = (app: string) =>
      politicas.some((p) => seleciona(p, app) && (p.spec.ingress ?? []).some((r: { from?: { ipBlock?: unknown }[] }) => !r.from || r.from.some((f) => f.ipBlock)));
    expect(APPS.filter(abertoParaFora)).toEqual(['gateway']);

    const regrasInternet = (app: string) =>
      politicas.filter((p) => seleciona(p, app)).flatMap((p) => (p.spec.egress ?? []).filter((r: { to?: { ipBlock?: { cidr: string } }[] }) => r.to?.some((t) => t.ipBlock?.cidr === '0.0.0.0/0')));
    expect(APPS.filter((app) => regrasInternet(app).length > 0)).toEqual(COM_SAIDA_INTERNET);
    for (const regra of regrasInternet('webhook-dispatcher')) {
      expect(regra.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(regra.to[0].ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']));
    }
  });

  if (overlay === 'dev') {
    it('dev: PostgreSQL, NATS com JetStream e RabbitMQ como StatefulSets, acessíveis só pelos apps', () => {
      const sts = de(objetos, 'StatefulSet');
      expect(nomes(sts)).toEqual(['nats', 'postgres', 'rabbitmq']);
      expect(sts.find((s) => s.metadata.name === 'nats')!.spec.template.spec.containers[0].args).toContain('--jetstream');
      for (const s of sts) {
        expect(s.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
        expect(s.spec.template.spec.containers[0].securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
        expect(s.spec.template.spec.containers[0].resources.limits).toBeDefined();
      }
      const entrada = de(objetos, 'NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/part-of'] === 'emissor-infra')!;
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
