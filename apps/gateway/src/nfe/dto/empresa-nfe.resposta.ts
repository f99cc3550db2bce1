import type { AmbienteNfe, ConfiguracaoNfeResposta, RequisitoNfe } from '@emissor/contracts';
import { booleano, inteiro, lista, Sempre, texto } from '../../openapi/campos';

export class RequisitoNfeResposta implements RequisitoNfe {
  @Sempre(texto({ exemplo: 'Certificado digital A1 válido' })) descricao: string;
  @Sempre(booleano({ exemplo: true })) atendido: boolean;
}

/** `GET/PATCH /nfe/v1/empresa` (spec "Company NF-e configuration"). */
export class EmpresaNfeResposta implements ConfiguracaoNfeResposta {
  @Sempre(texto({ exemplo: '12345678000195' })) cnpj: string;
  @Sempre(inteiro({ exemplo: 1 })) nfe_serie_padrao: number;
  @Sempre(texto({ enum: ['homologacao', 'producao'], exemplo: 'homologacao' })) nfe_ambiente: AmbienteNfe;
  @Sempre(booleano({ exemplo: true, descricao: 'Apta a emitir em produção (todos os requisitos atendidos)' })) emite_nfe: boolean;
  @Sempre(booleano({ exemplo: true })) emite_nfe_sandbox: boolean;
  @Sempre(lista(() => RequisitoNfeResposta)) requisitos_nfe: RequisitoNfeResposta[];
}
