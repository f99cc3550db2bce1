/** The gateway's own messages for what is refused at the HTTP level, before any route runs. */
export const MensagensHttp = {
  tipoNaoSuportado: 'Content-Type não suportado: envie application/json',
  codificacaoNaoSuportada: 'Content-Encoding não suportado: envie o corpo sem compressão',
  requisicaoIncompleta: 'Requisição não recebida por inteiro a tempo',
  cabecalhosGrandesDemais: 'Cabeçalhos da requisição grandes demais',
  requisicaoMalformada: 'Requisição HTTP malformada',
} as const;
