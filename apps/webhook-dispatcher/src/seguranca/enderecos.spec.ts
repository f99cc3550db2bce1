import { enderecoProibido } from './enderecos';

describe('endereços proibidos em produção', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'não-é-ip',
  ])('%s é recusado', (ip) => expect(enderecoProibido(ip)).toBe(true));

  it.each(['8.8.8.8', '200.160.2.3', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s é permitido', (ip) =>
    expect(enderecoProibido(ip)).toBe(false),
  );
});
