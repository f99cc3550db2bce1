import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Admin } from '../autenticacao/decoradores';
import { ContasService } from './contas.service';
import { CriarContaDto } from './dto/criar-conta.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Admin()
@Controller('admin/v1/contas')
export class ContasController {
  constructor(private readonly contas: ContasService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Cria uma conta com credenciais de produção e sandbox (segredos mostrados uma única vez)' })
  criar(@Body() dto: CriarContaDto) {
    return this.contas.criar(dto.nome);
  }
}
