import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AtualizarConfiguracaoNfe,
  type ConfiguracaoNfeResposta,
  type ContextoRequisicao,
  falha,
  MensagensErro,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { avaliarRequisitosNfe } from '@emissor/fiscal-domain';
import type { Repository } from 'typeorm';
import { CONFIGURACAO_PADRAO, ConfiguracaoNfe } from './entities/configuracao-nfe.entity';

export const MENSAGEM_CONFIRMAR_PRODUCAO = 'Para mudar o ambiente para produção, envie confirmar_producao: true';

@Injectable()
export class EmpresaService {
  constructor(@InjectRepository(ConfiguracaoNfe) private readonly configuracoes: Repository<ConfiguracaoNfe>) {}

  async configuracao(empresaId: string): Promise<Pick<ConfiguracaoNfe, 'seriePadrao' | 'ambiente'>> {
    // Read for every note: a plain query (TypeORM's findOne costs more than the lookup itself).
    const [linha]: { serie_padrao: number; ambiente: ConfiguracaoNfe['ambiente'] }[] = await this.configuracoes.query(
      'SELECT serie_padrao, ambiente FROM nfe.configuracoes_nfe WHERE empresa_id = $1',
      [empresaId],
    );
    return linha ? { seriePadrao: linha.serie_padrao, ambiente: linha.ambiente } : CONFIGURACAO_PADRAO;
  }

  async obter(contexto: ContextoRequisicao): Promise<RespostaRpc<ConfiguracaoNfeResposta>> {
    return sucesso(this.resposta(contexto, await this.configuracao(contexto.empresa.id)));
  }

  /**
   * Spec rules: a sandbox credential never changes the environment; production needs
   * `confirmar_producao: true` and an apt company. Going back to homologação is always allowed.
   */
  async atualizar(contexto: ContextoRequisicao, dados: AtualizarConfiguracaoNfe): Promise<RespostaRpc<ConfiguracaoNfeResposta>> {
    if (dados.nfe_ambiente !== undefined && contexto.credencial === 'sandbox') return falha(422, MensagensErro.ambienteViaSandbox);
    const atual = await this.configuracao(contexto.empresa.id);
    const novo = { seriePadrao: dados.nfe_serie_padrao ?? atual.seriePadrao, ambiente: dados.nfe_ambiente ?? atual.ambiente };
    if (novo.ambiente === 'producao' && atual.ambiente !== 'producao') {
      if (dados.confirmar_producao !== true) return falha(422, MENSAGEM_CONFIRMAR_PRODUCAO);
      if (!this.requisitos(contexto).every((r) => r.atendido)) return falha(422, MensagensErro.empresaNaoApta);
    }
    await this.configuracoes.upsert({ empresaId: contexto.empresa.id, ...novo }, ['empresaId']);
    return sucesso(this.resposta(contexto, novo));
  }

  private requisitos(contexto: ContextoRequisicao) {
    return avaliarRequisitosNfe(contexto.empresa);
  }

  private resposta(contexto: ContextoRequisicao, cfg: Pick<ConfiguracaoNfe, 'seriePadrao' | 'ambiente'>): ConfiguracaoNfeResposta {
    const requisitos = this.requisitos(contexto);
    const apta = requisitos.every((r) => r.atendido);
    return {
      cnpj: contexto.empresa.cnpj,
      nfe_serie_padrao: cfg.seriePadrao,
      nfe_ambiente: cfg.ambiente,
      // Sandbox notes are signed with the company's own certificate too, so both need an apt company.
      emite_nfe: apta,
      emite_nfe_sandbox: apta,
      requisitos_nfe: requisitos,
    };
  }
}
