import { isIP } from 'node:net';
import { bytesDoIp, NomeAlternativo } from './x509';

describe('bytesDoIp: which host names are IP addresses (the pure check that replaced node:net isIP)', () => {
  const textos = [
    '127.0.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '10.0.0.256',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.',
    'a.b.c.d',
    '::',
    '::1',
    '1::',
    'fe80::1',
    '2001:db8::8a2e:370:7334',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '1::2::3',
    ':1',
    '1:',
    '12345::',
    '::ffff:192.0.2.1',
    '64:ff9b::192.0.2.33',
    '::ffff:192.0.2.256',
    '1.2.3.4::',
    'g::1',
    'localhost',
    'emissor-sefaz-simulator',
    'sefaz.svc.cluster.local',
    '',
  ];

  it.each(textos)('%s: an IP exactly when Node says so', (texto) => {
    expect(bytesDoIp(texto) !== null).toBe(isIP(texto) !== 0);
  });

  it('encodes the address as RFC 5280 iPAddress bytes', () => {
    expect(bytesDoIp('127.0.0.1')).toEqual(Buffer.from([127, 0, 0, 1]));
    expect(bytesDoIp('::1')).toEqual(Buffer.from([...Array(15).fill(0), 1]));
    expect(bytesDoIp('2001:db8::ff00:42:8329')!.toString('hex')).toBe('20010db8000000000000ff0000428329');
    expect(bytesDoIp('::ffff:192.0.2.1')!.toString('hex')).toBe('00000000000000000000ffffc0000201');
  });

  it('host: iPAddress [7] for addresses, dNSName [2] for names', () => {
    expect(NomeAlternativo.host('::1')[0]).toBe(0x87);
    expect(NomeAlternativo.host('127.0.0.1')[0]).toBe(0x87);
    expect(NomeAlternativo.host('localhost')[0]).toBe(0x82);
    expect(() => NomeAlternativo.ip('localhost')).toThrow('Endereço IP inválido: localhost');
  });
});
