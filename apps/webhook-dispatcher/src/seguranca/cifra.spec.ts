import { randomBytes } from 'node:crypto';
import { cifrarSegredo, decifrarSegredo, gerarChaveSeguranca } from './cifra';

describe('chave_seguranca cifrada em repouso', () => {
  const chave = randomBytes(32);

  it('gera chaves de 256 bits do CSPRNG, todas diferentes', () => {
    const a = gerarChaveSeguranca();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(gerarChaveSeguranca()).not.toBe(a);
  });

  it('decifra o que cifrou; o blob não contém o segredo; outro endpoint ou outra chave não decifram', () => {
    const segredo = gerarChaveSeguranca();
    const blob = cifrarSegredo(chave, segredo, 'endpoint-1');
    expect(blob.includes(Buffer.from(segredo))).toBe(false);
    expect(decifrarSegredo(chave, blob, 'endpoint-1')).toBe(segredo);
    expect(() => decifrarSegredo(chave, blob, 'endpoint-2')).toThrow();
    expect(() => decifrarSegredo(randomBytes(32), blob, 'endpoint-1')).toThrow();
  });
});
