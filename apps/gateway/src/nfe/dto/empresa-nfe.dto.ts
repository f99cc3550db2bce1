import type { AtualizarConfiguracaoNfe } from '@emissor/contracts';
import { Booleano, Inteiro, Texto } from '../../http/validacao/decoradores';

export class AtualizarEmpresaNfeDto implements AtualizarConfiguracaoNfe {
  @Inteiro({ obrigatorio: false, min: 0, max: 889, descricao: 'Série padrão (0 a 889; 890+ são séries reservadas)' })
  nfe_serie_padrao?: number;

  @Texto({ obrigatorio: false, valores: ['homologacao', 'producao'] as const })
  nfe_ambiente?: 'homologacao' | 'producao';

  @Booleano({ obrigatorio: false, descricao: 'Obrigatório (true) para mudar para produção' })
  confirmar_producao?: boolean;
}
