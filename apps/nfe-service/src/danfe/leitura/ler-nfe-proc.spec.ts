import { codigoItem, notaAutorizada, notaDanfe } from '../__fixtures__/notas-danfe';
import { lerNfeProc } from './ler-nfe-proc';

describe('lerNfeProc', () => {
  it('lê do nfeProc assinado o que o DANFE imprime, como texto (sem converter números)', () => {
    const a = notaAutorizada(notaDanfe(3), { numero: 7, serie: 2 });
    const n = lerNfeProc(a.xml);
    expect(n.chaveAcesso).toBe(a.chaveAcesso);
    expect(n.ide).toMatchObject({ serie: '2', numero: '7', tipoOperacao: '1', ambiente: '1', dataEmissao: '2026-11-22T14:05:09-03:00' });
    expect(n.emitente).toMatchObject({
      documento: '11222333000181',
      nome: 'Comércio de Utilidades Domésticas Exemplo Ltda',
      ie: '123456785016',
      crt: '3',
    });
    expect(n.destinatario).toMatchObject({ documento: '00000000000191', ie: '111222330446' });
    expect(n.itens.map((i) => i.codigo)).toEqual([codigoItem(1), codigoItem(2), codigoItem(3)]);
    expect(n.itens[0]).toMatchObject({
      numero: '1',
      quantidade: '1.0000',
      valorUnitario: '10.00',
      valorTotal: '10.00',
      origem: '0',
      situacaoTributaria: '00',
      aliquotaIcms: '18.00',
    });
    expect(n.totais.vNF).toMatch(/^\d+\.\d{2}$/);
    expect(n.totais.vICMSDeson).toBe('0.00');
    expect(n.protocolo).toMatchObject({ numero: '135260000012345', status: '100', dataRecebimento: '2026-11-22T14:05:12-03:00' });
    expect(n.pagamentos).toEqual([
      { indicador: undefined, forma: '90', descricao: undefined, valor: '0.00', bandeira: undefined, autorizacao: undefined },
    ]);
    expect(n.cobranca).toBeUndefined();
    expect(n.transporte).toEqual({ modalidade: '9', transportador: undefined, veiculo: undefined, volumes: [] });
  });

  it('um único item, duplicata ou volume ainda vira lista; transporte e cobrança quando existem', () => {
    const n = lerNfeProc(notaAutorizada(notaDanfe(1), { comTransporte: true, duplicatas: 1 }).xml);
    expect(n.itens).toHaveLength(1);
    expect(n.cobranca?.duplicatas).toHaveLength(1);
    expect(n.cobranca?.fatura).toMatchObject({ numero: 'FAT-2026-77' });
    expect(n.transporte.volumes).toEqual([
      { quantidade: '3', especie: 'CAIXA', marca: 'EXEMPLO', numeracao: '1-3', pesoLiquido: '12.500', pesoBruto: '13.750' },
    ]);
    expect(n.transporte.transportador).toMatchObject({ documento: '12345678000195', uf: 'SP' });
  });

  it('recusa um XML que não é NF-e', () => {
    expect(() => lerNfeProc('<retConsStatServ/>')).toThrow(/infNFe/);
  });
});
