import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { cabeNoEnviNFe, TAMANHO_MAXIMO_ENVI_NFE, type ValidadorXsd } from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';

/** The XSD validator, compiled once per process (the PL_010 schemas vendored in libs/plataforma), and the checks made with it. */
@Injectable()
export class ValidadorXsdNfe implements OnApplicationShutdown {
  readonly validador: ValidadorXsd = criarValidadorXsd(carregarEsquemasNfe());

  private readonly registro = new Logger('ValidadorXsdNfe');

  /**
   * Why SEFAZ would refuse this signed note before judging it, as the 422 message, or null: it does
   * not fit in a message (cStat 214), or it fails the schema (a bug of our builder, never the caller's data).
   */
  async recusaDaNota(xmlAssinado: string): Promise<string | null> {
    if (!cabeNoEnviNFe(xmlAssinado)) {
      const kb = Math.ceil(Buffer.byteLength(xmlAssinado, 'utf8') / 1024);
      return `A NF-e assinada teria ${kb} KB e a SEFAZ aceita mensagens de até ${TAMANHO_MAXIMO_ENVI_NFE / 1024} KB: reduza os itens ou os textos`;
    }
    const xsd = await this.validador.validar('nfe', xmlAssinado);
    if (xsd.valido) return null;
    this.registro.error(`XML gerado não passou no XSD: ${xsd.erros.map((e) => e.mensagem).join('; ')}`);
    return `Os dados da nota não formam um XML válido para a SEFAZ: ${xsd.erros[0]?.mensagem ?? ''}`.trim();
  }

  async onApplicationShutdown() {
    await this.validador.encerrar();
  }
}
