// CPU seconds (user + system) a process has used, from /proc: on an oversubscribed machine this says
// where the cost goes, which a wall-clock profile cannot.
import { readdirSync, readFileSync } from 'node:fs';

const TIQUES_POR_SEGUNDO = 100;

export function cpuDe(pid) {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(campos[11]) + Number(campos[12])) / TIQUES_POR_SEGUNDO;
  } catch {
    return 0; // gone
  }
}

/** All processes of one command name (`postgres`, `nats-server`) together. */
export function cpuDoComando(comando) {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comando) total += cpuDe(d);
    } catch {
      // ended between the listing and the read
    }
  }
  return total;
}

/** This process's own CPU seconds. */
export const cpuProprio = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
