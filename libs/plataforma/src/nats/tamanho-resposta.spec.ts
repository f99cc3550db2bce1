import { bytesPorRespostaRpc, dividirPorTamanho } from './tamanho-resposta';

describe('what fits in one RPC reply (a NATS message)', () => {
  it("the server's max_payload less the envelope's room; 1 MiB before the server's INFO", () => {
    expect(bytesPorRespostaRpc({ info: { max_payload: 1048576 } as never })).toBe(1048576 - 8192);
    expect(bytesPorRespostaRpc({ info: undefined })).toBe(1048576 - 8192);
  });

  it('the longest head whose JSON fits (UTF-8 bytes, commas and brackets counted); at least one item', () => {
    const itens = ['ação', 'b', 'c'].map((t) => ({ t }));
    const inteiro = Buffer.byteLength(JSON.stringify(itens));
    expect(dividirPorTamanho(itens, inteiro)).toEqual({ cabem: itens, restantes: [] });
    const doisPrimeiros = Buffer.byteLength(JSON.stringify(itens.slice(0, 2)));
    expect(dividirPorTamanho(itens, doisPrimeiros)).toEqual({ cabem: itens.slice(0, 2), restantes: itens.slice(2) });
    expect(dividirPorTamanho(itens, doisPrimeiros - 1)).toEqual({ cabem: itens.slice(0, 1), restantes: itens.slice(1) });
    expect(dividirPorTamanho(itens, 1)).toEqual({ cabem: itens.slice(0, 1), restantes: itens.slice(1) });
    expect(dividirPorTamanho([], 10)).toEqual({ cabem: [], restantes: [] });
  });
});
