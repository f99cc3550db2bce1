import { problemasDoObjeto, renderizar } from '/work/main/tools/k8s/renderizar';
it('x', () => {
  const objs = renderizar('k8s/overlays/prod');
  for (const o of objs) { const p = problemasDoObjeto(o); if (p.length) console.log(o.kind, o.metadata.name, p); }
  const d = JSON.parse(JSON.stringify(objs.find((o) => o.kind === 'Deployment')));
  d.spec.template.spec.containers[0].readinesProbe = {};
  d.spec.template.spec.containers[0].resources.limits.cpu = {};
  console.log(problemasDoObjeto(d));
});
