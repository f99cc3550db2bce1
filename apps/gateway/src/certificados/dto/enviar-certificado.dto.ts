import { Texto } from '../../http/validacao/decoradores';

export class EnviarCertificadoDto {
  @Texto({
    padrao: /^[A-Za-z0-9+/=\r\n]+$/,
    mensagemPadrao: 'deve ser o arquivo PFX em base64',
    descricao: 'Arquivo PKCS#12 (.pfx/.p12) em base64',
  })
  pfx: string;

  @Texto({ min: 0, max: 200, descricao: 'Senha do PFX' })
  senha: string;
}
