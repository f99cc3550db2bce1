import { randomUUID } from 'node:crypto';
import { NotaFiscal } from '../entities/nota-fiscal.entity';

/**
 * A new note's row as nfe-service writes it at creation (pendente, no protocol yet), for the
 * repository's tests and the write bench: `numero` fixes the number, the external code and the key;
 * `campos` sets the rest. Every column a create writes has a value, so a round trip shows them all.
 */
export function notaFiscalNova(empresaId: string, numero: number, campos: Partial<NotaFiscal> = {}): NotaFiscal {
  return Object.assign(new NotaFiscal(), {
    id: randomUUID(),
    empresaId,
    contaId: empresaId,
    cnpjEmitente: '11222333000181',
    sandbox: false,
    ambienteNumeracao: 'homologacao',
    tpAmb: 2,
    codigoExterno: `N-${numero}`,
    serie: 1,
    numero,
    chaveAcesso: String(numero).padStart(44, '3'),
    situacao: 'pendente',
    naturezaOperacao: 'Venda de mercadoria',
    finalidade: 1,
    tipoOperacao: 1,
    indicadorPresenca: 1,
    indicadorConsumidorFinal: true,
    informacoesComplementares: null,
    ufEmitente: 'SP',
    dataEmissao: new Date(),
    dataSaida: null,
    contingenciaTipo: null,
    contingenciaMotivo: null,
    contingenciaInicio: null,
    reemitidaDeUuid: null,
    resposta: { itens: [], totais: {} },
    xmlAssinado: '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"/>',
    ...campos,
  } as Partial<NotaFiscal>);
}
