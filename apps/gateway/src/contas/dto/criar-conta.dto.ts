import { Texto } from '../../http/validacao/decoradores';

export class CriarContaDto {
  @Texto({ max: 120, exemplo: 'Loja Exemplo' }) nome: string;
}
