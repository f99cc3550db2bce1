import { randomBytes } from 'node:crypto';
import { cifrar, decifrar } from './cifra';

describe('cifra de segredos em repouso', () => {
  const chave = randomBytes(32);

  it('decifra o que cifrou, e o texto cifrado não contém o claro', () => {
    const claro = Buffer.from('senha-super-secreta');
    const blob = cifrar(chave, claro, 'empresa-1');
    expect(blob.includes(claro)).toBe(false);
    expect(decifrar(chave, blob, 'empresa-1').toString()).toBe('senha-super-secreta');
  });

  it('recusa outro dono, outra chave ou um blob alterado', () => {
    const blob = cifrar(chave, Buffer.from('x'), 'empresa-1');
    expect(() => decifrar(chave, blob, 'empresa-2')).toThrow();
    expect(() => decifrar(randomBytes(32), blob, 'empresa-1')).toThrow();
    const alterado = Buffer.from(blob);
    alterado[alterado.length - 1] ^= 1;
    expect(() => decifrar(chave, alterado, 'empresa-1')).toThrow();
  });
});
