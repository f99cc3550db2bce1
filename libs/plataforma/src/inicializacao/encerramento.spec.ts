import type { CallHandler, ExecutionContext, INestApplication, INestMicroservice } from '@nestjs/common';
import { lastValueFrom, of, Subject, throwError } from 'rxjs';
import { carregarConfiguracao, ErroConfiguracao } from '../configuracao/configuracao';
import {
  definicoesEncerramento,
  encerrar,
  instalarEncerramento,
  type OpcoesEncerramento,
  TrabalhoEmAndamento,
  TrabalhoEmAndamentoInterceptor,
} from './encerramento';

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TrabalhoEmAndamento', () => {
  it('aguardarOcioso resolve quando o último trabalho termina, ou false no prazo', async () => {
    const t = new TrabalhoEmAndamento();
    expect(await t.aguardarOcioso(10)).toBe(true);
    const fim1 = t.comecar();
    const fim2 = t.comecar();
    const espera = t.aguardarOcioso(1000);
    fim1();
    fim1(); // twice: harmless
    expect(t.quantidade).toBe(1);
    fim2();
    expect(await espera).toBe(true);
    t.comecar();
    expect(await t.aguardarOcioso(20)).toBe(false);
  });

  it('o interceptor conta só handlers NATS, até a resposta (sucesso ou erro)', async () => {
    const t = new TrabalhoEmAndamento();
    const interceptor = new TrabalhoEmAndamentoInterceptor(t);
    const ctx = (tipo: string) => ({ getType: () => tipo }) as ExecutionContext;
    const resposta = new Subject<string>();
    const obs = interceptor.intercept(ctx('rpc'), { handle: () => resposta } as CallHandler);
    const valor = lastValueFrom(obs);
    expect(t.quantidade).toBe(1);
    resposta.next('ok');
    resposta.complete();
    expect(await valor).toBe('ok');
    expect(t.quantidade).toBe(0);

    await expect(lastValueFrom(interceptor.intercept(ctx('rpc'), { handle: () => throwError(() => new Error('x')) }))).rejects.toThrow('x');
    expect(t.quantidade).toBe(0);
    await lastValueFrom(interceptor.intercept(ctx('http'), { handle: () => of(1) }));
    expect(t.quantidade).toBe(0);
  });

  it('SHUTDOWN_TIMEOUT_MS: 20 s por padrão, inteiro >= 1000', () => {
    expect(carregarConfiguracao('x', definicoesEncerramento, {})).toEqual({ SHUTDOWN_TIMEOUT_MS: 20_000 });
    expect(carregarConfiguracao('x', definicoesEncerramento, { SHUTDOWN_TIMEOUT_MS: '5000' })).toEqual({ SHUTDOWN_TIMEOUT_MS: 5000 });
    expect(() => carregarConfiguracao('x', definicoesEncerramento, { SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(ErroConfiguracao);
  });
});

describe('encerrar', () => {
  const registro = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

  function cenario(opcoes: { fecharApp?: () => Promise<void>; assinaturas?: boolean } = {}) {
    const passos: string[] = [];
    const trabalho = new TrabalhoEmAndamento();
    const conexao = { isClosed: () => false, drain: jest.fn(async () => void passos.push('drenar conexão')) };
    const assinaturas = [1, 2].map((n) => ({ drain: jest.fn(async () => void passos.push(`drenar assinatura ${n}`)) }));
    const microsservico = {
      serverInstance: opcoes.assinaturas === false ? {} : { subscriptions: assinaturas },
      unwrap: () => conexao,
    } as unknown as INestMicroservice;
    const app = { close: jest.fn(opcoes.fecharApp ?? (async () => void passos.push('fechar app'))) } as unknown as INestApplication;
    const sair = jest.fn((codigo: number) => void passos.push(`sair ${codigo}`));
    // Like Node's server: the callback runs once the requests in progress are answered.
    let responderHttp: () => void = () => undefined;
    const servidorHttp = {
      closeIdleConnections: jest.fn(),
      close: jest.fn((pronto: () => void) => {
        passos.push('fechar porta http');
        responderHttp = () => {
          passos.push('http respondeu');
          pronto();
        };
      }),
    };
    const o: OpcoesEncerramento = { app, servidorHttp, registro: registro(), tempoLimiteMs: 1000, trabalho, microsservico, sair };
    return { o, passos, trabalho, sair, conexao, servidorHttp, responderHttp: () => responderHttp() };
  }

  it('fecha as duas portas, espera o que está em andamento, drena a conexão, fecha o app e sai com 0', async () => {
    const { o, passos, trabalho, responderHttp } = cenario();
    const terminar = trabalho.comecar();
    const fim = encerrar(o, 'SIGTERM');
    await esperar(30);
    // Both doors closed at once; now waiting for the NATS handler and the HTTP request.
    expect(passos).toEqual(['fechar porta http', 'drenar assinatura 1', 'drenar assinatura 2']);
    passos.push('handler respondeu');
    terminar();
    await esperar(10);
    responderHttp();
    await fim;
    expect(passos).toEqual([
      'fechar porta http',
      'drenar assinatura 1',
      'drenar assinatura 2',
      'handler respondeu',
      'drenar conexão',
      'http respondeu',
      'fechar app',
      'sair 0',
    ]);
  });

  it('sem microsserviço NATS (só HTTP): fecha a porta, espera as requisições, fecha o app e sai', async () => {
    const { o, passos, responderHttp, servidorHttp } = cenario();
    const fim = encerrar({ ...o, microsservico: undefined }, 'SIGTERM');
    await esperar(250);
    // Kept-alive idle connections are closed while waiting, or close() would wait for their timeout.
    expect(servidorHttp.closeIdleConnections.mock.calls.length).toBeGreaterThanOrEqual(2);
    responderHttp();
    await fim;
    expect(passos).toEqual(['fechar porta http', 'http respondeu', 'fechar app', 'sair 0']);
  });

  it('se o Nest não expõe as assinaturas, avisa e o dreno da conexão encerra a recepção', async () => {
    const { o, passos, responderHttp } = cenario({ assinaturas: false });
    const fim = encerrar(o, 'SIGTERM');
    await esperar(10);
    responderHttp();
    await fim;
    expect(o.registro.warn).toHaveBeenCalled();
    expect(passos).toEqual(['fechar porta http', 'drenar conexão', 'http respondeu', 'fechar app', 'sair 0']);
  });

  it('um handler que não termina não segura o resto: espera no máximo metade do prazo', async () => {
    const { o, passos, trabalho, responderHttp } = cenario();
    trabalho.comecar();
    const inicio = Date.now();
    const fim = encerrar({ ...o, tempoLimiteMs: 400 }, 'SIGTERM');
    responderHttp();
    await fim;
    expect(Date.now() - inicio).toBeLessThan(350);
    expect(o.registro.warn).toHaveBeenCalledWith({ emAndamento: 1 }, expect.any(String));
    expect(passos.slice(-3)).toEqual(['drenar conexão', 'fechar app', 'sair 0']);
  });

  it('estourado SHUTDOWN_TIMEOUT_MS, sai com 1 sem esperar o resto', async () => {
    const { o, sair } = cenario(); // the HTTP request never finishes
    void encerrar({ ...o, tempoLimiteMs: 50 }, 'SIGTERM');
    await esperar(120);
    expect(sair).toHaveBeenCalledWith(1);
    expect(o.registro.error).toHaveBeenCalled();
  });

  it('falha ao fechar: registra e sai com 1', async () => {
    const { o, sair, responderHttp } = cenario({ fecharApp: async () => Promise.reject(new Error('pool travado')) });
    const fim = encerrar(o, 'SIGTERM');
    responderHttp();
    await fim;
    expect(sair).toHaveBeenCalledWith(1);
    expect(o.registro.error).toHaveBeenCalledWith({ erro: 'pool travado' }, 'falha no encerramento');
  });
});

describe('instalarEncerramento', () => {
  it('SIGTERM inicia um encerramento só; um segundo SIGINT sai na hora com 130', async () => {
    const fechar = jest.fn(() => new Promise<void>(() => undefined));
    const sair = jest.fn();
    const desinstalar = instalarEncerramento({
      app: { close: fechar } as unknown as INestApplication,
      servidorHttp: { close: (pronto?: () => void) => pronto?.() },
      registro: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
      // Short: the shutdown never finishes here (close hangs), so its time limit fires at the end of
      // the test instead of holding Jest open for a minute.
      tempoLimiteMs: 300,
      trabalho: new TrabalhoEmAndamento(),
      sair,
    });
    try {
      // Node passes the signal's name to the listeners; process.emit must do it by hand.
      process.emit('SIGTERM', 'SIGTERM');
      process.emit('SIGTERM', 'SIGTERM');
      await esperar(10);
      expect(fechar).toHaveBeenCalledTimes(1);
      expect(sair).not.toHaveBeenCalled();
      process.emit('SIGINT', 'SIGINT');
      expect(sair).toHaveBeenCalledWith(130);
      await esperar(350);
      expect(sair).toHaveBeenLastCalledWith(1);
    } finally {
      desinstalar();
    }
  });
});
