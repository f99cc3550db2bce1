import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Chamador, ChamadorAtual } from '../autenticacao/decoradores';
import { CriarEmpresaDto } from './dto/criar-empresa.dto';
import { EmpresasService } from './empresas.service';
import { Erros } from '../openapi/erros';
import { EmpresaResposta } from './dto/empresa.resposta';

@ApiTags('conta')
@ApiBasicAuth()
@Controller('conta/v1/empresas')
export class EmpresasController {
  constructor(private readonly empresas: EmpresasService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: EmpresaResposta })
  @Erros(413, 415, 422)
  @ApiOperation({ summary: 'Cadastra uma empresa na conta (decisions §5)' })
  criar(@ChamadorAtual() chamador: Chamador, @Body() dto: CriarEmpresaDto) {
    return this.empresas.criar(chamador.contaId, dto);
  }

  @Get()
  @ApiOkResponse({ type: EmpresaResposta, isArray: true })
  @Erros()
  @ApiOperation({ summary: 'Lista as empresas da conta, na ordem de cadastro (a primeira é a padrão)' })
  listar(@ChamadorAtual() chamador: Chamador) {
    return this.empresas.listar(chamador.contaId);
  }
}
