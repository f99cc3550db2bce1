/** GET /nfse/v1/notas/{id}/xml on the ABRASF path (decisions §10): the CompNfse the municipality issued; 409 before; 404/400 as every note route. */
import { requisitar } from '../support/api';
import {
  cadastrarServico,
  criarNfse,
  empresaNfse,
  errosNfse,
  esperarNfse,
  MUNICIPIO,
  notaNfse,
  TOMADOR_IRREGULAR,
  terminal,
} from './apoio';
import { baixarXml } from './apoio-nacional';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARQUIVO_CERTIFICADO_AC } from '@emissor/plataforma';

describe('NFS-e ABRASF: XML da nota', () => {
  it('emitida: the CompNfse with its number and verification code, the RPS signature inside still valid (xmlsec1)', async () => {
    const { conta, cnpj } = await empresaNfse();
    const criada = await criarNfse(conta, cnpj, notaNfse());
    expect(criada.corpo.rps.tipo).toBe('1');
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const x = await baixarXml(conta, cnpj, emitida.id);
    expect(x.status).toBe(200);
    expect(x.cabecalhos.get('content-type')).toMatch(/^application\/xml/);
    expect(x.texto).toMatch(/^<CompNfse xmlns="http:\/\/www\.abrasf\.org\.br\/nfse\.xsd">/);
    expect(x.texto).toContain(`<Numero>${emitida.nfse.numero}</Numero>`);
    expect(x.texto).toContain(`<CodigoVerificacao>${emitida.nfse.codigo_verificacao}</CodigoVerificacao>`);
    const arquivo = join(mkdtempSync(join(tmpdir(), 'compnfse-')), 'nfse.xml');
    writeFileSync(arquivo, x.texto);
    const verificar = () =>
      execFileSync(
        'xmlsec1',
        [
          '--verify',
          '--id-attr:Id',
          'InfDeclaracaoPrestacaoServico',
          '--trusted-pem',
          join(process.env.AC_TESTE_DIR!, ARQUIVO_CERTIFICADO_AC),
          arquivo,
        ],
        { stdio: 'pipe' },
      );
    expect(verificar).not.toThrow();
  });

  it('before emission 409; a refused RPS has none either; unknown note 404; bad id 400', async () => {
    const { conta, cnpj } = await empresaNfse();
    const pendente = await criarNfse(conta, cnpj, notaNfse());
    const antes = await baixarXml(conta, cnpj, pendente.corpo.id);
    if (
      (await requisitar('GET', `/nfse/v1/notas/${pendente.corpo.id}`, { credencial: conta.producao, cnpj })).corpo.nfse.situacao ===
      'pendente'
    ) {
      expect([antes.status, antes.corpo]).toEqual([409, { error: 'XML da NFS-e ainda não disponível' }]);
    }
    const recusada = await criarNfse(conta, cnpj, notaNfse({ tomador: { razao_social: 'Irregular', cpf_cnpj: TOMADOR_IRREGULAR } }));
    const nota = await esperarNfse(conta, cnpj, recusada.corpo.id, terminal);
    expect(nota.rps.situacao).toBe('processado_com_erro');
    expect(await errosNfse(conta, cnpj, nota.id)).toEqual([expect.objectContaining({ codigo: 'E117' })]);
    // A note that was not refused has none; another account's note is unknown.
    expect(await errosNfse(conta, cnpj, pendente.corpo.id)).toEqual([]);
    const outra = await empresaNfse();
    const alheia = await requisitar('GET', `/nfse/v1/notas/${nota.id}/erros`, { credencial: outra.conta.producao, cnpj: outra.cnpj });
    expect([alheia.status, alheia.corpo]).toEqual([404, { error: 'Nota fiscal não encontrada' }]);
    expect((await baixarXml(conta, cnpj, recusada.corpo.id)).status).toBe(409);
    expect((await baixarXml(conta, cnpj, 999999999)).corpo).toEqual({ error: 'Nota fiscal não encontrada' });
    const ruim = await baixarXml(conta, cnpj, 'abc');
    expect(ruim.status).toBe(400);
    expect(ruim.corpo.error).toBe('invalid_params');
  });

  it('labour supply (17.05): the ISS is due where the tomador is established (LC 116/2003 art. 3º): MunicipioIncidencia is its municipality, and a tomador without one is a 422 before any number', async () => {
    const { conta, cnpj } = await empresaNfse();
    const maoDeObra = { codigo_cnae: '7820500', codigo_item_lista: '17.05', descricao: 'Locação de mão-de-obra', aliquota_iss: '0.05' };
    expect((await cadastrarServico(MUNICIPIO, maoDeObra)).status).toBe(201);
    const servico = { codigo_cnae: maoDeObra.codigo_cnae, codigo_item_lista: '17.05' };
    const semEndereco = await criarNfse(
      conta,
      cnpj,
      notaNfse({ servico, tomador: { razao_social: 'Agência', cpf_cnpj: '44.555.666/0001-81' } }),
    );
    expect([semEndereco.status, semEndereco.corpo]).toEqual([
      422,
      { error: 'invalid_params', params: { 'tomador.endereco': [expect.stringContaining('MunicipioIncidencia')] } },
    ]);
    const tomador = {
      razao_social: 'Tomador no Rio LTDA',
      cpf_cnpj: '12.345.678/0001-95',
      codigo_municipio: '3304557',
      endereco: { cep: '20040-020', logradouro: 'Av. Rio Branco', numero: '1', bairro: 'Centro', municipio: 'Rio de Janeiro', uf: 'RJ' },
    };
    const criada = await criarNfse(conta, cnpj, notaNfse({ servico, tomador }));
    expect(criada.status).toBe(201);
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    const xml = (await baixarXml(conta, cnpj, emitida.id)).texto;
    expect(xml).toContain(
      `<CodigoMunicipio>${MUNICIPIO}</CodigoMunicipio><ExigibilidadeISS>1</ExigibilidadeISS><MunicipioIncidencia>3304557</MunicipioIncidencia>`,
    );
  });

  it('iss_retido on the ABRASF path: the RPS says IssRetido 1 and ResponsavelRetencao 1, and the CompNfse ValorLiquidoNfse is the value less the ISS, as the answer', async () => {
    const { conta, cnpj } = await empresaNfse();
    const criada = await criarNfse(conta, cnpj, notaNfse({ valor_servicos: '1500.00', iss_retido: true }));
    expect(criada.status).toBe(201);
    expect(criada.corpo.iss.valor_liquido).toBe('1425.00');
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    const xml = (await baixarXml(conta, cnpj, emitida.id)).texto;
    expect(xml).toContain('<IssRetido>1</IssRetido><ResponsavelRetencao>1</ResponsavelRetencao>');
    expect(xml).toContain('<ValorIss>75.00</ValorIss><ValorLiquidoNfse>1425.00</ValorLiquidoNfse>');
  });
});
