import type { DocumentoXsd } from './pacote-esquemas';

/**
 * The XSD validator the domain's documents are checked with, as a port: libs/plataforma implements it
 * (`criarValidadorXsd`: libxml2-wasm in a worker thread over the vendored schemas).
 */
export interface ErroXsd {
  mensagem: string;
  linha?: number;
}

export interface ResultadoValidacaoXsd {
  valido: boolean;
  erros: ErroXsd[];
}

export interface ValidadorXsd<D extends string = DocumentoXsd> {
  validar(documento: D, xml: string): Promise<ResultadoValidacaoXsd>;
  /** Stops the validator; further calls fail. */
  encerrar(): Promise<void>;
}
