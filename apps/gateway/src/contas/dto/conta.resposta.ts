import { objeto, Sempre, texto, uuid } from '../../openapi/campos';

export class CredencialResposta {
  @Sempre(texto({ exemplo: 'prd_4f1e0c9b2a7d5e3f1a0b8c6d' })) api_key: string;
  @Sempre(texto({ descricao: 'Mostrado só nesta resposta', exemplo: 'N3q8Jw9c2QxZt4Vb7Lk1Pm0Rs5Tu6Wy8Az2Bc4De6Fg' })) api_secret: string;
}

export class CredenciaisContaResposta {
  @Sempre(objeto(() => CredencialResposta)) producao: CredencialResposta;
  @Sempre(objeto(() => CredencialResposta, { descricao: 'Notas sempre para os simuladores (decisions §4)' })) sandbox: CredencialResposta;
}

/** `POST /admin/v1/contas`: the secrets exist only in this answer. */
export class ContaCriadaResposta {
  @Sempre(uuid()) id: string;
  @Sempre(texto({ exemplo: 'Loja Exemplo' })) nome: string;
  @Sempre(objeto(() => CredenciaisContaResposta)) credenciais: CredenciaisContaResposta;
}
