import { Body, Controller, Get, HttpCode, Inject, Patch } from '@nestjs/common';
import { ApiBasicAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Assuntos, type ContextoRequisicao } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { AtualizarEmpresaNfeDto } from './dto/empresa-nfe.dto';
import { responder } from './responder';
import { Erros } from '../openapi/erros';
import { EmpresaNfeResposta } from './dto/empresa-nfe.resposta';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1/empresa')
export class EmpresaNfeController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  @Get()
  @ApiOkResponse({ type: EmpresaNfeResposta })
  @Erros(404)
  @ApiOperation({ summary: 'Configuração NF-e da empresa (série padrão, ambiente, requisitos)' })
  async obter(@ContextoAtual() contexto: ContextoRequisicao) {
    return responder(await this.rpc.enviarComContexto(Assuntos.nfe.empresa.obter, contexto, {}, this.config.RPC_TEMPO_LIMITE_MS));
  }

  @Patch()
  @HttpCode(200)
  @ApiOkResponse({ type: EmpresaNfeResposta })
  @Erros(404, 413, 415, 422)
  @ApiOperation({ summary: 'Altera série padrão e ambiente (produção exige confirmar_producao e empresa apta)' })
  async atualizar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: AtualizarEmpresaNfeDto) {
    return responder(
      await this.rpc.enviarComContexto(Assuntos.nfe.empresa.atualizar, contexto, { ...dto }, this.config.RPC_TEMPO_LIMITE_MS),
    );
  }
}
