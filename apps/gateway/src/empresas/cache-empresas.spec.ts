import type { EmpresaContexto } from '@emissor/contracts';
import type { ConfigGateway } from '../config';
import { CacheEmpresas } from './cache-empresas';

const DIA = 24 * 60 * 60 * 1000;
const contexto = (id: string, certificado: Partial<NonNullable<EmpresaContexto['certificado']>> | null = {}): EmpresaContexto => ({
  id,
  cnpj: '11222333000181',
  razao_social: 'Empresa',
  nome_fantasia: null,
  inscricao_estadual: '111222330446',
  inscricao_municipal: null,
  regime_tributario: 3,
  endereco: { cep: '01310100', logradouro: 'Rua A', numero: '1', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP', complemento: null },
  codigo_municipio: '3550308',
  telefone: null,
  email: null,
  certificado:
    certificado === null
      ? null
      : {
          titular: 'EMPRESA:11222333000181',
          cnpj: '11222333000181',
          valido_de: new Date(Date.now() - DIA).toISOString(),
          valido_ate: new Date(Date.now() + 365 * DIA).toISOString(),
          versao: 'v1',
          recusado: null,
          ...certificado,
        },
  provedor_nfse: null,
});
const cache = (ms = 1000) => new CacheEmpresas({ EMPRESA_CACHE_MS: ms } as ConfigGateway);

describe('CacheEmpresas', () => {
  it('keeps an apt company for its time, frozen; forgets it when its registry changes here', () => {
    const c = cache();
    const chave = CacheEmpresas.chave('conta', '11222333000181');
    c.guardar(chave, contexto('e1'), c.geracaoAtual);
    const lido = c.ler(chave)!;
    expect(lido.id).toBe('e1');
    expect(Object.isFrozen(lido) && Object.isFrozen(lido.certificado) && Object.isFrozen(lido.endereco)).toBe(true);
    expect(c.ler(CacheEmpresas.chave('conta', undefined))).toBeUndefined();
    // An empty header is a CNPJ asked for, not the account's first company.
    expect(CacheEmpresas.chave('conta', '')).not.toBe(CacheEmpresas.chave('conta', undefined));
    c.esquecer('outra');
    expect(c.ler(chave)).toBeDefined();
    c.esquecer('e1');
    expect(c.ler(chave)).toBeUndefined();
  });

  it('never keeps a company that is not apt: no certificate, refused, or lapsing before the entry would expire', () => {
    const c = cache(60_000);
    const casos: [string, EmpresaContexto][] = [
      ['sem', contexto('e1', null)],
      ['recusado', contexto('e2', { recusado: 'TLS recusado' })],
      ['vence', contexto('e3', { valido_ate: new Date(Date.now() + 30_000).toISOString() })],
    ];
    for (const [chave, ctx] of casos) {
      c.guardar(chave, ctx, c.geracaoAtual);
      expect([chave, c.ler(chave)]).toEqual([chave, undefined]);
    }
  });

  it('a reading that began before its company was forgotten is not kept (an upload raced by a resolution)', () => {
    const c = cache();
    const geracao = c.geracaoAtual;
    c.esquecer('e1'); // the upload's commit, while the resolution was reading the old certificate
    c.guardar('k', contexto('e1'), geracao);
    expect(c.ler('k')).toBeUndefined();
    c.guardar('k', contexto('e1'), c.geracaoAtual);
    expect(c.ler('k')).toBeDefined();
  });

  it('expires; 0 keeps nothing', async () => {
    const curto = cache(20);
    curto.guardar('k', contexto('e1'), curto.geracaoAtual);
    expect(curto.ler('k')).toBeDefined();
    await new Promise((r) => setTimeout(r, 40));
    expect(curto.ler('k')).toBeUndefined();
    const desligado = cache(0);
    desligado.guardar('k', contexto('e1'), desligado.geracaoAtual);
    expect(desligado.ler('k')).toBeUndefined();
  });
});
