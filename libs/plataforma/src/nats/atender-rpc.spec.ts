import { type CallHandler, type ExecutionContext, Logger } from '@nestjs/common';
import {
  Assuntos,
  comNamespace,
  type ContextoRequisicao,
  type CriarMercadoria,
  type CriarNota,
  falha,
  type NotaResposta,
  type PedidoInterno,
  type PedidoRpc,
  type ReferenciaNota,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { defer, lastValueFrom, of, throwError } from 'rxjs';
import { linhaSaida } from '../caixa-saida/linhas-saida';
import { AtenderRpc, AtenderRpcInterno, problemasDoEnvelope } from './atender-rpc';
import type { ClienteRpc } from './cliente-rpc';
import { ContextoRpcInterceptor } from './contexto-rpc.interceptor';

const contexto = {
  requestId: 'req-1',
  contaId: 'conta-1',
  credencial: 'sandbox',
  empresa: { id: 'empresa-1', cnpj: '11222333000181' },
} as ContextoRequisicao;

class Exemplo {
  @AtenderRpc(Assuntos.nfe.notas.obter)
  async obter(p: PedidoRpc<ReferenciaNota>): Promise<RespostaRpc<NotaResposta>> {
    return falha(404, p.dados.uuid);
  }

  @AtenderRpcInterno(Assuntos.sefaz.autorizador)
  async autorizador() {
    return falha(503, 'x');
  }

  semEnvelope() {
    return null;
  }
}

describe('problemasDoEnvelope', () => {
  it('aceita os envelopes bem formados', () => {
    expect(problemasDoEnvelope({ contexto, dados: { uuid: 'x' } }, 'contexto')).toBeNull();
    expect(problemasDoEnvelope({ requestId: 'r', dados: {} }, 'interno')).toBeNull();
    expect(problemasDoEnvelope({ dados: {} }, 'interno')).toBeNull();
  });

  it('nomeia o que falta ou tem o tipo errado, como invalid_params', () => {
    expect(problemasDoEnvelope(null, 'contexto')).toEqual({ pedido: ['deve ser um objeto'] });
    expect(problemasDoEnvelope('texto', 'interno')).toEqual({ pedido: ['deve ser um objeto'] });
    expect(problemasDoEnvelope({ dados: {} }, 'contexto')).toEqual({ contexto: ['é obrigatório'] });
    expect(problemasDoEnvelope({ contexto }, 'contexto')).toEqual({ dados: ['é obrigatório'] });
    expect(problemasDoEnvelope({ contexto, dados: [1] }, 'contexto')).toEqual({ dados: ['deve ser um objeto'] });
    expect(problemasDoEnvelope({ contexto: 'x', dados: {} }, 'contexto')).toEqual({ contexto: ['deve ser um objeto'] });
    expect(problemasDoEnvelope({ contexto: { ...contexto, empresa: null }, dados: {} }, 'contexto')).toEqual({
      'contexto.empresa': ['é obrigatório'],
    });
    expect(
      problemasDoEnvelope(
        { contexto: { requestId: 7, contaId: '', credencial: 'admin', empresa: { id: 3, cnpj: '11222333000181' } }, dados: {} },
        'contexto',
      ),
    ).toEqual({
      'contexto.requestId': ['é obrigatório'],
      'contexto.contaId': ['é obrigatório'],
      'contexto.credencial': ['deve ser producao ou sandbox'],
      'contexto.empresa.id': ['é obrigatório'],
    });
    expect(problemasDoEnvelope({ requestId: 1, dados: {} }, 'interno')).toEqual({ requestId: ['deve ser texto'] });
  });
});

describe('ContextoRpcInterceptor', () => {
  const interceptor = new ContextoRpcInterceptor();
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());
  const executar = (metodo: keyof Exemplo, dados: unknown, handle: CallHandler['handle'] = () => of(sucesso({ ok: 1 }))) => {
    const handler = jest.fn(handle);
    const ctx = {
      getType: () => 'rpc',
      switchToRpc: () => ({ getData: () => dados }),
      getHandler: () => Exemplo.prototype[metodo],
      getClass: () => Exemplo,
    } as unknown as ExecutionContext;
    return { resposta: lastValueFrom(interceptor.intercept(ctx, { handle: handler })), handler };
  };

  it('um envelope malformado recebe 400 invalid_params, sem chegar ao handler', async () => {
    const { resposta, handler } = executar('obter', { dados: { uuid: 'x' }, contexto: { ...contexto, contaId: undefined } });
    expect(await resposta).toEqual(falha(400, 'invalid_params', { 'contexto.contaId': ['é obrigatório'] }));
    expect(handler).not.toHaveBeenCalled();

    const interno = executar('autorizador', { contexto, requestId: 5, dados: {} });
    expect(await interno.resposta).toEqual(falha(400, 'invalid_params', { requestId: ['deve ser texto'] }));
    expect(interno.handler).not.toHaveBeenCalled();
  });

  it('um envelope bem formado chega ao handler; uma exceção vira 500', async () => {
    const { resposta, handler } = executar('obter', { contexto, dados: { uuid: 'x' } });
    expect(await resposta).toEqual(sucesso({ ok: 1 }));
    expect(handler).toHaveBeenCalledTimes(1);
    const autorizador = { dados: { uf: 'SP', ambiente: 2, sandbox: false } };
    expect(await executar('autorizador', autorizador, () => throwError(() => new Error('boom'))).resposta).toEqual(
      falha(500, 'Erro interno ao processar a requisição'),
    );
  });

  it('um pedido cujo comando sairia do contrato (linhaSaida): 500, nada gravado, e não 4xx que a chave de idempotência guardaria', async () => {
    const autorizador = { dados: { uf: 'SP', ambiente: 2, sandbox: false } };
    // The handler's transaction builds its command's outbox row: one that does not fit throws there.
    const gravar = () =>
      defer(() => {
        linhaSaida(Assuntos.nfe.comandos.evento, { comando_id: 'c1', nota_id: 'n' });
        return of(sucesso({ ok: 1 }));
      });
    expect(await executar('autorizador', autorizador, gravar).resposta).toEqual(falha(500, 'Erro interno ao processar a requisição'));
  });

  it('dados que não cabem na classe do assunto (MensagensRpc) recebem 400 invalid_params, sem chegar ao handler nem ao log', async () => {
    const aviso = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { resposta, handler } = executar('obter', { contexto, dados: { uuid: 42, extra: 'SEGREDO' } });
    expect(await resposta).toEqual(falha(400, 'invalid_params', { uuid: ['deve ser um texto'] }));
    expect(handler).not.toHaveBeenCalled();
    expect(aviso).toHaveBeenCalledWith(expect.stringContaining('"uuid"'));
    expect(JSON.stringify(aviso.mock.calls)).not.toContain('SEGREDO');

    const interno = executar('autorizador', { requestId: 'r', dados: { uf: 'SP', ambiente: '2', sandbox: false } });
    expect(await interno.resposta).toEqual(falha(400, 'invalid_params', { ambiente: ['deve ser um número'] }));
    expect(interno.handler).not.toHaveBeenCalled();
  });

  it('dados válidos com campos desconhecidos chegam ao handler', async () => {
    const { resposta, handler } = executar('obter', { contexto, dados: { uuid: 'x', campo_futuro: 1 } });
    expect(await resposta).toEqual(sucesso({ ok: 1 }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('um @MessagePattern comum (sem envelope declarado) não é verificado', async () => {
    const { resposta } = executar('semEnvelope', { n: 1 }, () => of({ eco: 1 }));
    expect(await resposta).toEqual({ eco: 1 });
  });
});

describe('AtenderRpc', () => {
  it('registra o @MessagePattern no assunto com o namespace', () => {
    expect(Reflect.getMetadata('microservices:pattern', Exemplo.prototype.obter)).toEqual([comNamespace(Assuntos.nfe.notas.obter)]);
  });

  // The point of MapaRpc is that these do not compile: `npm run typecheck` fails if one of them ever does.
  it('tipos: pedido e resposta seguem o assunto (verificado pelo compilador)', () => {
    class Errados {
      // @ts-expect-error nfe.notas.criar takes CriarNota, not a ReferenciaNota
      @AtenderRpc(Assuntos.nfe.notas.criar)
      async criar(p: PedidoRpc<ReferenciaNota>): Promise<RespostaRpc<NotaResposta>> {
        return falha(400, p.dados.uuid);
      }

      // @ts-expect-error nfe.notas.listar answers a page (PaginaNotas), not one note
      @AtenderRpc(Assuntos.nfe.notas.listar)
      async listar(_p: PedidoRpc<unknown>): Promise<RespostaRpc<NotaResposta>> {
        return falha(400, 'x');
      }

      // @ts-expect-error sefaz.inutilizar is between back-end apps: PedidoInterno, not a tenant's request
      @AtenderRpc(Assuntos.sefaz.inutilizar)
      async inutilizar(_p: PedidoInterno<unknown>) {
        return falha(400, 'x');
      }
    }
    const cliente = async (rpc: ClienteRpc, nota: CriarNota, mercadoria: CriarMercadoria) => {
      await rpc.enviarComContexto(Assuntos.nfe.notas.criar, contexto, nota);
      // @ts-expect-error a mercadoria is not a note
      await rpc.enviarComContexto(Assuntos.nfe.notas.criar, contexto, mercadoria);
      // @ts-expect-error a tenant subject needs the context
      await rpc.enviar(Assuntos.nfe.notas.obter, { requestId: 'r', dados: { uuid: 'x' } });
      const r = await rpc.enviar(Assuntos.nfe.notas.obter, { contexto, dados: { uuid: 'x' } });
      // @ts-expect-error the reply of nfe.notas.obter is one note, not a list
      if (r.ok) return r.dados.length;
      return 0;
    };
    expect(Errados).toBeDefined();
    expect(cliente).toBeDefined();
  });
});
