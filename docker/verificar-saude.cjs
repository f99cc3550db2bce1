// HEALTHCHECK of the images: GET /health (liveness: the process answers) on the app's port.
// The runtime image has no curl or wget, and a shell form would need one; node is already there.
'use strict';
const PORTAS_PADRAO = {
  gateway: 3000,
  'nfe-service': 3101,
  'nfse-service': 3102,
  'sefaz-adapter': 3103,
  'municipal-adapter': 3104,
  'webhook-dispatcher': 3105,
  'sefaz-simulator': 3201,
  'municipal-simulator': 3202,
};
const porta = process.env.PORT || PORTAS_PADRAO[process.env.APP] || 3000;
fetch(`http://127.0.0.1:${porta}/health`, { signal: AbortSignal.timeout(2500) }).then(
  (r) => process.exit(r.ok ? 0 : 1),
  () => process.exit(1),
);
