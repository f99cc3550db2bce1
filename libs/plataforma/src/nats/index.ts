export * from './conexao-nats';
export * from './cliente-rpc';
export * from './jetstream';
export * from './contexto-rpc.interceptor';
export * from './modulo-nats';
export * from './atender-rpc';
export * from './validar-mensagem';
export * from './tamanho-resposta';
