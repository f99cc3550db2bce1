import type { EstadoAutorizador, RepositorioAutorizadores } from './repositorio-autorizadores';

interface Linha {
  disponivel: boolean;
  falhasSeguidas: number;
  proximaSondagemEm: number;
  sondandoAte: number | null;
  motivo: string | null;
  desde: number;
  verificadoEm: number;
}

/**
 * The authorizers' shared state in one process, with the PostgreSQL semantics (the unit tests of the
 * monitor and the SEFAZ client); e2e/sefaz/repositorio-autorizadores.e2e.ts runs one suite against
 * both. `agora` is the database's clock.
 */
export class MemoriaAutorizadores implements RepositorioAutorizadores {
  private readonly linhas = new Map<string, Linha>();

  constructor(private readonly agora: () => number = Date.now) {}

  async obter(destino: string): Promise<EstadoAutorizador | null> {
    const l = this.linhas.get(destino);
    if (!l) return null;
    return {
      destino,
      disponivel: l.disponivel,
      falhasSeguidas: l.falhasSeguidas,
      proximaSondagemEmMs: Math.max(0, l.proximaSondagemEm - this.agora()),
      motivo: l.motivo,
      desde: new Date(l.desde),
      verificadoEm: new Date(l.verificadoEm),
    };
  }

  async registrarFalha(destino: string, motivo: string, primeiraSondagemMs: number): Promise<void> {
    const agora = this.agora();
    const l = this.linhas.get(destino);
    if (l && !l.disponivel) return void Object.assign(l, { motivo: motivo.slice(0, 500), verificadoEm: agora });
    this.linhas.set(destino, {
      disponivel: false,
      falhasSeguidas: 1,
      proximaSondagemEm: agora + primeiraSondagemMs,
      sondandoAte: null,
      motivo: motivo.slice(0, 500),
      desde: agora,
      verificadoEm: agora,
    });
  }

  async registrarDisponivel(destino: string): Promise<Date | null> {
    const agora = this.agora();
    const l = this.linhas.get(destino);
    if (!l) {
      this.linhas.set(destino, {
        disponivel: true,
        falhasSeguidas: 0,
        proximaSondagemEm: agora,
        sondandoAte: null,
        motivo: null,
        desde: agora,
        verificadoEm: agora,
      });
      return null;
    }
    const antes = l.disponivel;
    Object.assign(l, {
      disponivel: true,
      falhasSeguidas: 0,
      sondandoAte: null,
      motivo: null,
      verificadoEm: agora,
      desde: antes ? l.desde : agora,
    });
    return antes ? null : new Date(agora);
  }

  async listarIndisponiveis(): Promise<string[]> {
    return [...this.linhas].filter(([, l]) => !l.disponivel).map(([d]) => d);
  }

  private livre(l: Linha, agora: number): boolean {
    return l.proximaSondagemEm <= agora && (l.sondandoAte === null || l.sondandoAte < agora);
  }

  async reivindicarSondagem(destino: string, leaseMs: number): Promise<boolean> {
    const agora = this.agora();
    const l = this.linhas.get(destino);
    if (!l || l.disponivel || !this.livre(l, agora)) return false;
    l.sondandoAte = agora + leaseMs;
    return true;
  }

  async sondagemFalhou(destino: string, motivo: string, proximaEmMs: number): Promise<{ falhasSeguidas: number; desde: Date } | null> {
    const agora = this.agora();
    const l = this.linhas.get(destino);
    if (!l || l.disponivel) return null;
    Object.assign(l, {
      falhasSeguidas: l.falhasSeguidas + 1,
      sondandoAte: null,
      motivo: motivo.slice(0, 500),
      verificadoEm: agora,
      proximaSondagemEm: agora + proximaEmMs,
    });
    return { falhasSeguidas: l.falhasSeguidas, desde: new Date(l.desde) };
  }

  async liberarSondagem(destino: string): Promise<void> {
    const l = this.linhas.get(destino);
    if (l) l.sondandoAte = null;
  }

  async reivindicarVigilancia(
    destino: string,
    intervaloMs: number,
    leaseMs: number,
  ): Promise<{ reivindicada: boolean; proximaEmMs: number }> {
    const agora = this.agora();
    const l = this.linhas.get(destino);
    if (!l) {
      this.linhas.set(destino, {
        disponivel: true,
        falhasSeguidas: 0,
        proximaSondagemEm: agora + intervaloMs,
        sondandoAte: agora + leaseMs,
        motivo: null,
        desde: agora,
        verificadoEm: agora,
      });
      return { reivindicada: true, proximaEmMs: intervaloMs };
    }
    if (!l.disponivel || !this.livre(l, agora)) return { reivindicada: false, proximaEmMs: Math.max(0, l.proximaSondagemEm - agora) };
    Object.assign(l, { proximaSondagemEm: agora + intervaloMs, sondandoAte: agora + leaseMs });
    return { reivindicada: true, proximaEmMs: intervaloMs };
  }

  async concluirVigilancia(destino: string, verificado: boolean): Promise<void> {
    const l = this.linhas.get(destino);
    if (!l || !l.disponivel) return;
    l.sondandoAte = null;
    if (verificado) l.verificadoEm = this.agora();
  }
}
