import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Admin } from '../autenticacao/decoradores';
import { ContasService } from './contas.service';
import { CriarContaDto } from './dto/criar-conta.dto';
import { Erros } from '../openapi/erros';
import { ContaCriadaResposta } from './dto/conta.resposta';

@ApiTags('admin')
@ApiBearerAuth()
@Admin()
@Controller('admin/v1/contas')
export class ContasController {
  constructor(private readonly contas: ContasService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ContaCriadaResposta })
  @Erros(413, 415, 422)
  @ApiOperation({ summary: 'Cria uma conta com credenciais de produção e sandbox (segredos mostrados uma única vez)' })
  criar(@Body() dto: CriarContaDto) {
    return this.contas.criar(dto.nome);
  }
}
