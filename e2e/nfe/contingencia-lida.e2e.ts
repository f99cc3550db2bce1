/**
 * nfe-service's reading of the contingency in force (ContingenciaService.vigente), against the real
 * PostgreSQL of the test system: every create asks it, so a replica keeps the answer for
 * VALIDADE_CONTINGENCIA_MS; a switch this replica committed is seen at once, one committed elsewhere
 * once that time is over; and the order in which it applies authorizer changes. The rows are for UFs and
 * a kind no other test issues in (AC and AP, sandbox).
 */
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- nfe-service's contingency state, tested against the real database
import { ContingenciaService, VALIDADE_CONTINGENCIA_MS } from '../../apps/nfe-service/src/contingencia/contingencia.service';
import { dormir } from '../support/tempo';

describe('contingência vigente lida por uma réplica (PostgreSQL)', () => {
  let banco: DataSource;
  const chave = ['AC', 2, true] as const;
  const entrarEmSvc = (inicio: Date) =>
    banco.query(
      `INSERT INTO nfe.contingencias (uf, ambiente, sandbox, ativa, tipo, autorizador, motivo, inicio)
       VALUES ($1, $2, $3, true, 'svc_an', 'AC-teste', 'teste de leitura', $4)`,
      [...chave, inicio],
    );
  const apagar = () => banco.query('DELETE FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3', [...chave]);

  beforeAll(async () => {
    banco = await new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL }).initialize();
    await apagar();
  });
  afterAll(async () => {
    await apagar();
    await banco.destroy();
  });

  it('guarda a leitura por pouco tempo; a troca aplicada pela própria réplica vale na hora', async () => {
    // Only the reading is exercised: no status query, so no RPC client.
    const contingencias = new ContingenciaService(banco, undefined as never);
    expect(await contingencias.vigente(...chave)).toBeNull();

    // Another replica switched AC to SVC: this one keeps issuing normal notes until its reading expires.
    const inicio = new Date(Math.floor(Date.now() / 1000) * 1000);
    await entrarEmSvc(inicio);
    const lidaEm = Date.now();
    const aindaNormal = await contingencias.vigente(...chave);
    if (Date.now() - lidaEm < VALIDADE_CONTINGENCIA_MS / 2) expect(aindaNormal).toBeNull();
    await dormir(VALIDADE_CONTINGENCIA_MS + 50);
    expect(await contingencias.vigente(...chave)).toEqual({ tipo: 'svc_an', motivo: 'teste de leitura', inicio });

    // This replica committed the way back: the next create reads the table again.
    await apagar();
    expect(await contingencias.vigente(...chave)).not.toBeNull();
    contingencias.esquecerLidas();
    expect(await contingencias.vigente(...chave)).toBeNull();
  });

  it('uma leitura que cruza a troca não fica guardada', async () => {
    const contingencias = new ContingenciaService(banco, undefined as never);
    const inicio = new Date(Math.floor(Date.now() / 1000) * 1000);
    // The read starts before the switch is committed and ends after the replica forgot what it had read.
    const cruzando = contingencias.vigente(...chave);
    contingencias.esquecerLidas();
    await entrarEmSvc(inicio);
    await cruzando;
    expect(await contingencias.vigente(...chave)).toEqual({ tipo: 'svc_an', motivo: 'teste de leitura', inicio });
  });

  it('mensagens do autorizador fora de ordem não desfazem uma troca mais nova (reentrega, mensagem guardada para outra versão)', async () => {
    const contingencias = new ContingenciaService(banco, undefined as never);
    const outra = ['AP', 2, true] as const;
    const estado = async () =>
      (
        await banco.query(`SELECT ativa, inicio, fim FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3`, [...outra])
      )[0] as { ativa: boolean; inicio: Date; fim: Date | null } | undefined;
    const mudanca = (disponivel: boolean, desde: string) =>
      banco.transaction((tx) =>
        contingencias.aplicar(tx, {
          autorizador: 'AP-teste',
          ambiente: 2,
          sandbox: [true],
          ufs: ['AP'],
          disponivel,
          motivo: disponivel ? null : 'sem resposta',
          desde,
        }),
      );
    await banco.query('DELETE FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3', [...outra]);
    try {
      // Down at 10:00, back at 10:05, down again at 10:10.
      await mudanca(false, '2026-11-28T10:00:00Z');
      await mudanca(true, '2026-11-28T10:05:00Z');
      await mudanca(false, '2026-11-28T10:10:00Z');
      expect(await estado()).toMatchObject({ ativa: true, inicio: new Date('2026-11-28T10:10:00Z') });

      // The 10:05 "back" delivered again now: older than the outage in force, it does not end it.
      await mudanca(true, '2026-11-28T10:05:00Z');
      expect(await estado()).toMatchObject({ ativa: true, inicio: new Date('2026-11-28T10:10:00Z') });

      // Back at 10:15; then the 10:10 "down" delivered again: older than that end, it does not reopen it.
      await mudanca(true, '2026-11-28T10:15:00Z');
      await mudanca(false, '2026-11-28T10:10:00Z');
      expect(await estado()).toMatchObject({ ativa: false, fim: new Date('2026-11-28T10:15:00Z') });
    } finally {
      await banco.query('DELETE FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3', [...outra]);
    }
  });
});
