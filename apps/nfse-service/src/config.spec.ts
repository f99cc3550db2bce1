import { ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigNfseService } from './config';

describe('nfse-service configuration', () => {
  it('NFSE_SERIE_RPS: 1 to 5 digits, default 1, kept as written', () => {
    expect(carregarConfigNfseService({}).NFSE_SERIE_RPS).toBe('1');
    expect(carregarConfigNfseService({ NFSE_SERIE_RPS: '900' }).NFSE_SERIE_RPS).toBe('900');
    expect(carregarConfigNfseService({ NFSE_SERIE_RPS: '00001' }).NFSE_SERIE_RPS).toBe('00001');
  });

  it.each([
    ['A1', /NFSE_SERIE_RPS deve ser um número inteiro \(recebido "A1"\)/],
    ['0', /NFSE_SERIE_RPS deve ser >= 1/],
    ['000', /NFSE_SERIE_RPS deve ser >= 1/],
    ['123456', /NFSE_SERIE_RPS deve ser <= 99999/],
    ['-1', /NFSE_SERIE_RPS deve ser >= 1/],
  ])('a series the DPS cannot take (%s) stops the start', (serie, mensagem) => {
    expect(() => carregarConfigNfseService({ NFSE_SERIE_RPS: serie })).toThrow(ErroConfiguracao);
    expect(() => carregarConfigNfseService({ NFSE_SERIE_RPS: serie })).toThrow(mensagem);
  });
});
