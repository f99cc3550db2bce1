import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARQUIVO_MUNICIPIOS_PADRAO, ErroArquivoMunicipios, lerArquivoMunicipios, RegistroProvedores } from './registro-provedores';

describe('municipality -> provider data file', () => {
  const arquivo = lerArquivoMunicipios(ARQUIVO_MUNICIPIOS_PADRAO);

  it('the shipped file is valid and names only known providers', () => {
    expect(arquivo.padrao.provedor).toBe('nacional');
    expect(Object.keys(arquivo.municipios)).toContain('3550308');
  });

  it('simulator mode and sandbox RPS go to the simulator; soap mode needs a configured endpoint', () => {
    const sim = new RegistroProvedores(arquivo, 'simulador', 'https://127.0.0.1:3444/');
    expect(sim.resolver('3550308', false, 'abrasf-2.04')).toMatchObject({
      ok: true,
      url: 'https://127.0.0.1:3444/producao/nfse',
      simulador: true,
    });
    expect(sim.resolver('3304557', true, 'abrasf-2.04')).toMatchObject({ ok: true, url: 'https://127.0.0.1:3444/homologacao/nfse' });
    const soap = new RegistroProvedores(
      {
        padrao: { provedor: 'abrasf-2.04' },
        municipios: { '3550308': { provedor: 'abrasf-2.04', endpoints: { producao: 'https://nfse.exemplo/ws' } } },
      },
      'soap',
      'https://127.0.0.1:3444',
    );
    expect(soap.resolver('3550308', false, 'abrasf-2.04')).toMatchObject({ ok: true, url: 'https://nfse.exemplo/ws', simulador: false });
    expect(soap.resolver('2304400', false, 'abrasf-2.04')).toEqual({
      ok: false,
      motivo: 'Município 2304400 sem web service de NFS-e configurado',
    });
    expect(soap.resolver('2304400', true, 'abrasf-2.04')).toMatchObject({ ok: true, simulador: true });
  });

  it("the command's provider decides, never the file; nacional goes to /SefinNacional of the simulator or to the Sefin Nacional", () => {
    const sim = new RegistroProvedores(arquivo, 'simulador', 'https://127.0.0.1:3444');
    expect(sim.resolver('3550308', false, 'nacional')).toMatchObject({ ok: true, url: 'https://127.0.0.1:3444/producao/SefinNacional' });
    expect(sim.resolver('1505486', true, 'nacional')).toMatchObject({ url: 'https://127.0.0.1:3444/homologacao/SefinNacional' });
    // A municipality the file sends to nacional still gets an ABRASF command (one queued before commands carried their provider) as ABRASF.
    expect(sim.resolver('1505486', false, 'abrasf-2.04')).toMatchObject({ url: 'https://127.0.0.1:3444/producao/nfse' });
    expect(sim.resolver('1505486', false, 'municipal')).toEqual({ ok: false, motivo: 'Provedor de NFS-e desconhecido: municipal' });
    const soap = new RegistroProvedores(arquivo, 'soap', 'https://127.0.0.1:3444');
    expect(soap.resolver('1505486', false, 'nacional')).toMatchObject({
      ok: true,
      url: 'https://sefin.nfse.gov.br/SefinNacional',
      simulador: false,
    });
  });

  it('refuses unknown providers, bad codes and plain-http endpoints', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'municipios-'));
    const ruim = path.join(dir, 'm.json');
    writeFileSync(
      ruim,
      JSON.stringify({
        padrao: { provedor: 'abrasf-2.04' },
        municipios: { '123': { provedor: 'desconhecido' }, '3550308': { provedor: 'abrasf-2.04', endpoints: { producao: 'http://x' } } },
      }),
    );
    expect(() => lerArquivoMunicipios(ruim)).toThrow(ErroArquivoMunicipios);
    expect(() => lerArquivoMunicipios(ruim)).toThrow(
      /123: o código IBGE tem 7 dígitos; 123: provedor desconhecido desconhecido; 3550308: endpoint producao deve ser https/,
    );
  });
});
