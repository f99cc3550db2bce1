// Preloaded (NODE_OPTIONS=--require) into an app the integration tests start themselves (the
// replacement of a process they killed): it stops gracefully once the test runner that started it
// is gone, so a run never leaves a process behind.
'use strict';
const pai = process.ppid;
setInterval(() => {
  if (process.ppid !== pai) process.kill(process.pid, 'SIGTERM');
}, 500).unref();
