import { BlockList, isIP } from 'node:net';

/**
 * Targets a webhook may never reach in production (decisions §6): loopback, private, link-local
 * (cloud metadata lives at 169.254.169.254), and the other special-purpose ranges that are not the
 * public Internet (unspecified, CGNAT, benchmarking, multicast, reserved, documentation).
 */
const proibidos = new BlockList();
for (const [rede, prefixo] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  proibidos.addSubnet(rede, prefixo, 'ipv4');
}
for (const [rede, prefixo] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  proibidos.addSubnet(rede, prefixo, 'ipv6');
}

/** IPv4 carried inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged as the IPv4 it is. */
function ipv4Embutido(ipv6: string): string | undefined {
  const m = /^(?:::ffff:(?:0+:)?|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ipv6);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ipv6);
  if (!hex) return undefined;
  const a = parseInt(hex[1], 16);
  const b = parseInt(hex[2], 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** True for an address a production webhook must not connect to. Anything unparsable is refused too. */
export function enderecoProibido(endereco: string): boolean {
  const semZona = endereco.replace(/%.*$/, '').replace(/^\[|\]$/g, '');
  const familia = isIP(semZona);
  if (familia === 4) return proibidos.check(semZona, 'ipv4');
  if (familia === 6) {
    const v4 = ipv4Embutido(semZona.toLowerCase());
    if (v4) return proibidos.check(v4, 'ipv4');
    return proibidos.check(semZona, 'ipv6');
  }
  return true;
}
