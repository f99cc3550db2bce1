import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CertificadoObtido, ContextoRequisicao } from '@emissor/contracts';
import { ErroCertificado, formatarDataHoraSefaz, lerCertificadoPfx, situacaoValidade } from '@emissor/fiscal-domain';
import type { Repository } from 'typeorm';
import { CONFIG, type ConfigGateway } from '../config';
import { ErroHttp } from '../http/erro-http';
import { cifrar, decifrar } from './cifra';
import type { EnviarCertificadoDto } from './dto/enviar-certificado.dto';
import { Certificado } from './entities/certificado.entity';

const MENSAGENS_ERRO_LEITURA: Record<ErroCertificado['motivo'], string> = {
  formato_invalido: 'Certificado inválido: o arquivo não é um PKCS#12 (PFX) legível',
  senha_invalida: 'Senha do certificado inválida',
  sem_chave_privada: 'Certificado inválido: o arquivo não contém a chave privada',
  sem_certificado: 'Certificado inválido: o arquivo não contém um certificado',
};

const erro422 = (mensagem: string) => new ErroHttp(422, { error: mensagem });

@Injectable()
export class CertificadosService {
  constructor(
    @InjectRepository(Certificado) private readonly certificados: Repository<Certificado>,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  /** Checks password, validity and owner, then stores PFX and password encrypted. Never logs either. */
  async enviar(contexto: ContextoRequisicao, dto: EnviarCertificadoDto) {
    const pfx = Buffer.from(dto.pfx.replace(/\s/g, ''), 'base64');
    let lido;
    try {
      lido = lerCertificadoPfx(pfx, dto.senha);
    } catch (erro) {
      if (erro instanceof ErroCertificado) throw erro422(MENSAGENS_ERRO_LEITURA[erro.motivo]);
      throw erro422(MENSAGENS_ERRO_LEITURA.formato_invalido);
    }
    const situacao = situacaoValidade(lido);
    if (situacao === 'expirado') throw erro422('Certificado expirado');
    if (situacao === 'ainda_nao_valido') throw erro422('Certificado ainda não está válido');
    if (lido.cnpj !== contexto.empresa.cnpj) throw erro422('CNPJ do certificado não corresponde ao da empresa');

    const empresaId = contexto.empresa.id;
    await this.certificados.save({
      empresaId,
      pfxCifrado: cifrar(this.config.CHAVE_CRIPTOGRAFIA, pfx, empresaId),
      senhaCifrada: cifrar(this.config.CHAVE_CRIPTOGRAFIA, Buffer.from(dto.senha, 'utf8'), empresaId),
      titular: lido.titular,
      cnpj: lido.cnpj,
      numeroSerie: lido.numeroSerie,
      validoDe: lido.validoDe,
      validoAte: lido.validoAte,
      versao: randomUUID(),
    });
    return {
      titular: lido.titular,
      cnpj: lido.cnpj,
      valido_de: formatarDataHoraSefaz(lido.validoDe),
      valido_ate: formatarDataHoraSefaz(lido.validoAte),
    };
  }

  /** For a signing service (over NATS): the decrypted PFX and password of one company. */
  async obter(empresaId: string): Promise<CertificadoObtido | null> {
    const c = await this.certificados.findOne({ where: { empresaId } });
    if (!c) return null;
    return {
      empresa_id: empresaId,
      pfx_base64: decifrar(this.config.CHAVE_CRIPTOGRAFIA, c.pfxCifrado, empresaId).toString('base64'),
      senha: decifrar(this.config.CHAVE_CRIPTOGRAFIA, c.senhaCifrada, empresaId).toString('utf8'),
      versao: c.versao,
    };
  }
}
