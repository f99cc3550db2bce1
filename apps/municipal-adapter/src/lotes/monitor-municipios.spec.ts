import { metricas } from '@emissor/plataforma';
import { MonitorMunicipios, recuoMunicipio } from './monitor-municipios';

/** emissor_autorizador_sondagens_total of one municipality, by result. */
async function sondagens(chave: string): Promise<Record<string, number>> {
  const { values } = await metricas.sondagensAutorizador().get();
  return Object.fromEntries(values.filter((v) => v.labels.autorizador === chave).map((v) => [v.labels.resultado, v.value]));
}

describe('MonitorMunicipios', () => {
  it('lets every batch go while the municipality answers', () => {
    const m = new MonitorMunicipios(() => 0);
    expect(m.esperaAntesDeEnviar('municipio:3550308', 'a')).toBe(0);
    expect(m.esperaAntesDeEnviar('municipio:3550308', 'b')).toBe(0);
  });

  it('while it is down, one probe batch at a time after a back-off; the others wait; success frees all', () => {
    let agora = 0;
    const m = new MonitorMunicipios(() => agora);
    const k = MonitorMunicipios.chave('3550308', false);
    expect(m.registrarFalha(k)).toBe(1_000);
    expect(m.esperaAntesDeEnviar(k, 'a')).toBe(1_000);
    agora = 1_000;
    expect(m.esperaAntesDeEnviar(k, 'a')).toBe(0); // the probe
    expect(m.esperaAntesDeEnviar(k, 'b')).toBeGreaterThan(0); // a probe is in flight
    expect(m.registrarFalha(k)).toBe(2_000);
    agora = 3_000;
    expect(m.esperaAntesDeEnviar(k, 'b')).toBe(0);
    expect(m.registrarSucesso(k)).toBe(true);
    expect(m.registrarSucesso(k)).toBe(false);
    expect(m.esperaAntesDeEnviar(k, 'c')).toBe(0);
    // Another municipality, or the sandbox of the same one, is another endpoint.
    expect(MonitorMunicipios.chave('3550308', true)).not.toBe(k);
  });

  it('counts a skipped probe once per batch that waits, not on every re-check of a batch already waiting', async () => {
    let agora = 0;
    const m = new MonitorMunicipios(() => agora);
    const k = MonitorMunicipios.chave('3304557', false);
    m.registrarFalha(k);
    // Three batches wait, re-checked each second until the probe is due: three skipped probes.
    for (; agora < 1_000; agora += 250) for (const lote of ['a', 'b', 'c']) expect(m.esperaAntesDeEnviar(k, lote)).toBeGreaterThan(0);
    expect(await sondagens(k)).toEqual({ evitada: 3 });
    // The probe goes; the others keep waiting for it: no new skip. The probe fails; the next probe is 'b'.
    expect(m.esperaAntesDeEnviar(k, 'a')).toBe(0);
    expect(m.esperaAntesDeEnviar(k, 'b')).toBeGreaterThan(0);
    expect(m.esperaAntesDeEnviar(k, 'c')).toBeGreaterThan(0);
    m.registrarFalha(k);
    agora += 2_000;
    expect(m.esperaAntesDeEnviar(k, 'b')).toBe(0);
    // 'a' was the probe: waiting again now is another probe it does not make.
    expect(m.esperaAntesDeEnviar(k, 'a')).toBeGreaterThan(0);
    expect(await sondagens(k)).toEqual({ evitada: 4, enviada: 2 });
  });

  it('backs off from 1 s doubling up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(recuoMunicipio)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
