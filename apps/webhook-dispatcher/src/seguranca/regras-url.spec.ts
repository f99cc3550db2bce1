import { errosUrlWebhook, type Resolvedor } from './regras-url';

const resolvendoPara =
  (...enderecos: string[]): Resolvedor =>
  async () =>
    enderecos.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const semDns: Resolvedor = async () => {
  throw Object.assign(new Error('não encontrado'), { code: 'ENOTFOUND' });
};

describe('regras de URL de webhook (decisões §6)', () => {
  it('fora de produção: http e https, inclusive loopback (testes e desenvolvimento)', async () => {
    expect(await errosUrlWebhook('http://127.0.0.1:8080/x', false, semDns)).toEqual([]);
    expect(await errosUrlWebhook('https://localhost/x', false, semDns)).toEqual([]);
  });

  it('sempre: URL absoluta http(s), sem credenciais nem fragmento', async () => {
    expect(await errosUrlWebhook('não é url', false)).toEqual(['deve ser uma URL absoluta válida']);
    expect(await errosUrlWebhook('ftp://exemplo.com/x', false)).toEqual(['deve usar http ou https']);
    expect(await errosUrlWebhook('ftp://exemplo.com/x', true)).toEqual(['deve usar https']);
    expect(await errosUrlWebhook('https://u:s@exemplo.com/x', false)).toEqual(['não deve conter usuário ou senha']);
    expect(await errosUrlWebhook('https://exemplo.com/x#a', false)).toEqual(['não deve conter fragmento (#)']);
    // The parser would drop them, and the URL would be stored and shown with them (spec-only client round 17).
    expect(await errosUrlWebhook(' https://exemplo.com/x ', false)).toEqual(['não deve ter espaços no início nem no fim']);
    expect(await errosUrlWebhook('https://exemplo.com/x\n', false)).toEqual(['não deve ter espaços no início nem no fim']);
  });

  it('produção: só https', async () => {
    expect(await errosUrlWebhook('http://exemplo.com.br/x', true, resolvendoPara('200.160.2.3'))).toEqual(['deve usar https']);
    expect(await errosUrlWebhook('https://exemplo.com.br/x', true, resolvendoPara('200.160.2.3'))).toEqual([]);
  });

  it('produção: recusa IP literal ou nome que resolve para privado, loopback ou link-local', async () => {
    const recusa = ['não pode apontar para endereço privado, de loopback ou link-local'];
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/x',
      'https://api.localhost/x',
    ]) {
      expect(await errosUrlWebhook(url, true, resolvendoPara('200.160.2.3'))).toEqual(recusa);
    }
    expect(await errosUrlWebhook('https://interno.exemplo.com/x', true, resolvendoPara('192.168.0.10'))).toEqual(recusa);
    // Any forbidden address among the answers is enough.
    expect(await errosUrlWebhook('https://misto.exemplo.com/x', true, resolvendoPara('200.160.2.3', '10.0.0.1'))).toEqual(recusa);
  });

  it('produção: nome que não resolve agora é aceito (a verificação na conexão decide)', async () => {
    expect(await errosUrlWebhook('https://ainda-nao-existe.exemplo.com/x', true, semDns)).toEqual([]);
  });
});
