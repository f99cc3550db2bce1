import { ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigSimulador } from './config';

describe('sefaz-simulator config: the CSRTs it checks hashCSRT against', () => {
  it('reads RESPONSAVEL_TECNICO_CSRT_<UF> as nfe-service does (id:csrt); none by default', () => {
    expect(carregarConfigSimulador({}).csrtPorUf).toEqual({});
    expect(carregarConfigSimulador({ RESPONSAVEL_TECNICO_CSRT_PE: '01:G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' }).csrtPorUf).toEqual({
      PE: { id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' },
    });
  });

  it('a malformed one stops the start with the variable named', () => {
    let erro: unknown;
    try {
      carregarConfigSimulador({ RESPONSAVEL_TECNICO_CSRT_SP: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' });
    } catch (e) {
      erro = e;
    }
    expect(erro).toBeInstanceOf(ErroConfiguracao);
    expect((erro as ErroConfiguracao).problemas).toEqual([
      'RESPONSAVEL_TECNICO_CSRT_SP deve ser "id:csrt" (idCSRT de 2 dígitos e o CSRT de 16 a 36 letras e dígitos)',
    ]);
  });
});
