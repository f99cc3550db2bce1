import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One service of a municipality's catalog (decisions §5): found by item da lista and CNAE. */
@Entity({ name: 'servicos_municipais' })
export class ServicoMunicipal {
  @PrimaryColumn({ name: 'codigo_municipio', type: 'char', length: 7 }) codigoMunicipio: string;
  @PrimaryColumn({ name: 'codigo_item_lista', type: 'text' }) codigoItemLista: string;
  @PrimaryColumn({ name: 'codigo_cnae', type: 'text' }) codigoCnae: string;
  @Column('text') descricao: string;
  /** Fraction as registered (0.05 = 5%). */
  @Column({ name: 'aliquota_iss', type: 'text' }) aliquotaIss: string;
}
