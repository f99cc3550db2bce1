import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type CertificadoObtido, type ContextoRequisicao, MensagensErro } from '@emissor/contracts';
import {
  cadeiaAlcancaAncora,
  emitirCertificadoEmpresa,
  ErroCertificado,
  formatarDataHoraSefaz,
  lerCertificadoPfx,
  situacaoValidade,
} from '@emissor/fiscal-domain';
import { lerAcTeste, raizesIcpBrasil } from '@emissor/plataforma';
import type { Repository } from 'typeorm';
import { CONFIG, type ConfigGateway } from '../config';
import { CacheEmpresas } from '../empresas/cache-empresas';
import { ErroHttp } from '../http/erro-http';
import { exigirSemCorpo } from '../http/validacao/sem-corpo';
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

export const MENSAGEM_FORA_ICP_BRASIL = 'Certificado não emitido por autoridade certificadora da ICP-Brasil';
export const MENSAGEM_AC_TESTE_INDISPONIVEL = 'AC de teste indisponível: os simuladores ainda não a criaram';

@Injectable()
export class CertificadosService {
  constructor(
    @InjectRepository(Certificado) private readonly certificados: Repository<Certificado>,
    @Inject(CONFIG) private readonly config: ConfigGateway,
    private readonly empresas: CacheEmpresas,
  ) {}

  /**
   * Checks password, validity, chain (ICP-Brasil, or the test CA where the simulators run) and owner,
   * then stores PFX and password encrypted. Never logs either.
   */
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
    // A certificate SEFAZ would refuse in the TLS handshake is refused here instead (issue 15).
    if (!cadeiaAlcancaAncora(lido.certificadoPem, lido.cadeiaPem, this.ancoras())) throw erro422(MENSAGEM_FORA_ICP_BRASIL);
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
      recusadoMotivo: null,
      recusadoEm: null,
    });
    this.empresas.esquecer(empresaId);
    return {
      titular: lido.titular,
      cnpj: lido.cnpj,
      valido_de: formatarDataHoraSefaz(lido.validoDe),
      valido_ate: formatarDataHoraSefaz(lido.validoAte),
    };
  }

  /**
   * Sandbox only (decisions §11): an e-CNPJ A1 for the company from the deployment's test CA, with a
   * fresh key and a random password, installed exactly as an upload would be.
   */
  /** `corpo`: the request's, which this route does not take (checked once the route is known to exist here). */
  async emitirTeste(contexto: ContextoRequisicao, corpo?: unknown) {
    if (!this.simulador) throw new ErroHttp(404, { error: MensagensErro.recursoNaoEncontrado });
    exigirSemCorpo(corpo);
    const ac = lerAcTeste(this.config.AC_TESTE_DIR);
    if (!ac) throw new ErroHttp(503, { error: MENSAGEM_AC_TESTE_INDISPONIVEL });
    const { empresa } = contexto;
    const senha = randomBytes(18).toString('base64url');
    const { pfx } = emitirCertificadoEmpresa({
      ac,
      cnpj: empresa.cnpj,
      // The CN ("RAZÃO:CNPJ") may hold 64 characters (X.520 ub-common-name).
      razaoSocial: empresa.razao_social
        .toUpperCase()
        .slice(0, 64 - 15)
        .trim(),
      senha,
      uf: empresa.endereco.uf,
      municipio: empresa.endereco.municipio.toUpperCase(),
      // Never the test helpers' shared key pool: each company gets a key of its own.
      novaChave: true,
    });
    return this.enviar(contexto, { pfx: pfx.toString('base64'), senha });
  }

  private get simulador() {
    return this.config.SEFAZ_MODE === 'simulador';
  }

  /** The bundled ICP-Brasil roots, plus the test CA where this deployment runs the simulators. */
  private ancoras(): string[] {
    const teste = this.simulador ? lerAcTeste(this.config.AC_TESTE_DIR) : null;
    return teste ? [...raizesIcpBrasil(), teste.certificadoPem] : raizesIcpBrasil();
  }

  /** An authority refused this version of the company's certificate: unmet in requisitos_nfe until a new upload (an older version's report changes nothing). */
  async registrarRecusa(empresaId: string, versao: string, motivo: string): Promise<void> {
    await this.certificados.update({ empresaId, versao }, { recusadoMotivo: motivo.slice(0, 255), recusadoEm: new Date() });
    this.empresas.esquecer(empresaId);
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
