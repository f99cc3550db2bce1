import type { MercadoriaResposta } from '@emissor/contracts';
import { booleano, decimal, inteiro, Sempre, Talvez, texto, dataHoraSefaz } from '../../openapi/campos';

/** A goods item as answered (optional fields the item does not have are absent, never null). */
export class MercadoriaCadastradaResposta implements MercadoriaResposta {
  @Sempre(texto({ exemplo: 'PAR-M8' })) codigo: string;
  @Sempre(texto({ exemplo: 'Parafuso sextavado M8' })) nome: string;
  @Sempre(texto({ exemplo: '73181500' })) ncm: string;
  @Talvez(texto({ exemplo: '6102' })) cfop_interestadual?: string;
  @Sempre(texto({ exemplo: 'UN' })) unidade_comercial: string;
  @Sempre(decimal({ exemplo: '10.00' })) valor: string;
  @Sempre(booleano({ exemplo: false })) padrao: boolean;
  @Sempre(dataHoraSefaz()) created_at: string;
  @Sempre(dataHoraSefaz()) updated_at: string;
  @Talvez(texto()) descricao?: string;
  @Talvez(texto()) cest?: string;
  @Talvez(texto({ exemplo: '5102' })) cfop_interno?: string;
  @Talvez(inteiro({ minimum: 0, maximum: 8, exemplo: 0 })) origem?: number;
  @Talvez(texto({ exemplo: '00' })) cst_icms?: string;
  @Talvez(texto()) csosn?: string;
  @Talvez(decimal({ exemplo: '0.18', descricao: 'Fração' })) aliquota_icms?: string;
  @Talvez(decimal({ exemplo: '18', descricao: 'Percentual' })) aliquota_icms_percent?: string;
  @Talvez(texto({ exemplo: '01' })) cst_pis?: string;
  @Talvez(texto({ exemplo: '01' })) cst_cofins?: string;
}
