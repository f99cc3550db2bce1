import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Chamador, ChamadorAtual } from '../autenticacao/decoradores';
import { AtualizarEmpresaDto, CnpjEmpresaParam } from './dto/atualizar-empresa.dto';
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

  @Patch(':cnpj')
  @HttpCode(200)
  @ApiOkResponse({ type: EmpresaResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({
    summary:
      'Altera o cadastro de uma empresa da conta: os campos omitidos ficam como estão, um opcional enviado como null é apagado; ' +
      'endereco vai inteiro, com codigo_municipio; o cadastro resultante é conferido como no cadastro (IE da UF, município da UF)',
  })
  atualizar(@ChamadorAtual() chamador: Chamador, @Param() p: CnpjEmpresaParam, @Body() dto: AtualizarEmpresaDto) {
    return this.empresas.atualizar(chamador.contaId, p.cnpj, dto);
  }

  @Get()
  @ApiOkResponse({ type: EmpresaResposta, isArray: true })
  @Erros()
  @ApiOperation({ summary: 'Lista as empresas da conta, na ordem de cadastro (a primeira é a padrão)' })
  listar(@ChamadorAtual() chamador: Chamador) {
    return this.empresas.listar(chamador.contaId);
  }
}
