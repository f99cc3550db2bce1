import { objeto, Sempre, texto, uuid } from '../../openapi/campos';

export class CredencialResposta {
  @Sempre(texto({ descricao: 'prd_... na credencial de produção, sbx_... na sandbox', exemplo: 'prd_4f1e0c9b2a7d5e3f1a0b8c6d' }))
  api_key: string;
  @Sempre(texto({ descricao: 'Mostrado só nesta resposta', exemplo: 'N3q8Jw9c2QxZt4Vb7Lk1Pm0Rs5Tu6Wy8Az2Bc4De6Fg' })) api_secret: string;
}

export class CredenciaisContaResposta {
  @Sempre(objeto(() => CredencialResposta)) producao: CredencialResposta;
  @Sempre(
    objeto(() => CredencialResposta, {
      descricao: 'Notas sempre para os simuladores (decisions §4)',
      exemplo: { api_key: 'sbx_9a2c7e1f0b3d5a8c6e4f2b1d', api_secret: 'X7p2Lq9Zr4Tw1Yb8Nc3Vd6Mf0Gh5Jk2Ls9Qa4Ws7Ed1' },
    }),
  )
  sandbox: CredencialResposta;
}

/** `POST /admin/v1/contas`: the secrets exist only in this answer. */
export class ContaCriadaResposta {
  @Sempre(uuid()) id: string;
  @Sempre(texto({ exemplo: 'Loja Exemplo' })) nome: string;
  @Sempre(objeto(() => CredenciaisContaResposta)) credenciais: CredenciaisContaResposta;
}
