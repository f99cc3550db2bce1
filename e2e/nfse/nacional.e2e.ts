/**
 * NFS-e through the Sistema Nacional (decisions §10, issue 16): a DPS v1.01 to the Sefin Nacional
 * API of the municipal simulator, through the gateway like any client.
 */
import { calcularDigitosCnpj, formatarDataHoraSefaz, lerNfseNacional, montarPedidoCancelamento } from '@emissor/fiscal-domain';
import { type ContaTeste, contaComEmpresaApta, criarConta, criarEmpresa, dadosEmpresa, requisitar } from '../support/api';
import {
  cadastrarServico,
  criarNfse,
  errosNfse,
  esperarNfse,
  esperarRecusaCancelamento,
  simulador,
  terminal,
  TOMADOR_IRREGULAR,
} from './apoio';
import { baixarXml, empresaNacional, MUNICIPIO_NACIONAL, NBS, notaNacional, postarEventoSefin, xmllint, xmlsec1 } from './apoio-nacional';
import { dormir } from '../support/tempo';

describe('NFS-e nacional (DPS v1.01 ao Sistema Nacional)', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const cancelar = (id: number, motivo: string) =>
    requisitar('DELETE', `/nfse/v1/notas/${id}/cancel?motivo_cancelamento=${encodeURIComponent(motivo)}`, {
      credencial: conta.producao,
      cnpj,
    });

  beforeAll(async () => {
    ({ conta, cnpj } = await empresaNacional());
  });

  it('a company of a municipality outside the table issues through nacional; GET /conta/v1/empresas shows it', async () => {
    const r = await requisitar('GET', '/conta/v1/empresas', { credencial: conta.producao });
    expect(r.corpo.find((e: { cnpj: string }) => e.cnpj === cnpj)).toMatchObject({
      codigo_municipio: MUNICIPIO_NACIONAL,
      provedor_nfse: 'nacional',
    });
  });

  it('emitida: rps is the DPS (tipo DPS), codigo_verificacao the 50-position key; the NFSe XML passes the official XSD and xmlsec1, with the nbs_* values in its DPS', async () => {
    const criada = await criarNfse(conta, cnpj, notaNacional());
    expect(criada.status).toBe(201);
    expect(criada.corpo.rps).toMatchObject({ situacao: 'pendente', tipo: 'DPS', serie: '1' });
    expect(criada.corpo.nbs).toEqual({ codigo: NBS.nbs_codigo, cst: NBS.nbs_cst, ct: NBS.nbs_ct, indop: NBS.nbs_indop });
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(emitida.rps.situacao).toBe('processado_com_sucesso');
    expect(emitida.nfse).toMatchObject({
      situacao: 'emitida',
      numero: expect.stringMatching(/^[1-9]\d*$/),
      codigo_verificacao: expect.stringMatching(/^\d{50}$/),
    });

    const x = await baixarXml(conta, cnpj, emitida.id);
    expect(x.status).toBe(200);
    expect(x.cabecalhos.get('content-type')).toMatch(/^application\/xml/);
    const xml: string = x.texto;
    expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
    expect(xmlsec1(xml, 'infNFSe')).toMatch(/OK$/);
    expect(xmlsec1(xml, 'infDPS')).toMatch(/OK$/);
    const lida = lerNfseNacional(xml);
    expect(lida).toMatchObject({
      chaveAcesso: emitida.nfse.codigo_verificacao,
      numero: emitida.nfse.numero,
      codigoMunicipioEmissor: MUNICIPIO_NACIONAL,
    });
    expect(lida.idDps).toBe(`DPS${MUNICIPIO_NACIONAL}2${cnpj}00001${String(emitida.rps.numero).padStart(15, '0')}`);
    const dps = /<DPS[\s\S]*<\/DPS>/.exec(xml)![0];
    expect(dps).toContain(`<nDPS>${emitida.rps.numero}</nDPS>`);
    expect(dps).toContain(`<cNBS>${NBS.nbs_codigo}</cNBS>`);
    expect(dps).toContain(`<cIndOp>${NBS.nbs_indop}</cIndOp>`);
    expect(dps).toContain(`<CST>${NBS.nbs_cst}</CST><cClassTrib>${NBS.nbs_ct}</cClassTrib>`);
    expect(dps).toContain('<cTribNac>010701</cTribNac>');
    // Outside the Simples (regime 3) the approximate taxes go in pTotTrib: indTotTrib and pTotTribSN are refused (E0713).
    expect(dps).toContain(
      '<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib>',
    );
    // The ISSQN is due where the prestador is established (01.07: EP in MUN.INCID_INFO.SERV.).
    expect(xml).toContain(`<nNFSe>${emitida.nfse.numero}</nNFSe><cLocIncid>${MUNICIPIO_NACIONAL}</cLocIncid>`);
    // The authority's IBS/CBS at the 2026 rates (CBS 0.90 %, IBS UF 0.10 %, IBS Mun 0 %) over the service value
    // less the ISSQN (vBC of TCRTCValoresIBSCBS until 2026: vServ − descIncond − vCalcReeRepRes − vISSQN − vPIS −
    // vCOFINS): 1500.00 − 75.00 = 1425.00; 1.425 and 12.825 round half-up.
    expect(xml).toContain('<vISSQN>75.00</vISSQN>');
    expect(xml).toContain('<IBSCBS><cLocalidadeIncid>');
    expect(xml).toContain('<valores><vBC>1425.00</vBC>');
    expect(xml).toContain('<pIBSUF>0.10</pIBSUF>');
    expect(xml).toContain('<pCBS>0.90</pCBS>');
    expect(xml).toContain('<vIBSUF>1.43</vIBSUF>');
    expect(xml).toContain('<vCBS>12.83</vCBS>');
    const registros = (await simulador.nfse(cnpj)).filter((n) => n.rps_tipo === 'DPS' && n.rps_numero === String(emitida.rps.numero));
    expect(registros).toHaveLength(1);
    expect(registros[0].codigo_verificacao).toBe(emitida.nfse.codigo_verificacao);
  });

  it('a sandbox note goes to the homologação base (tpAmb 2) and is emitted there', async () => {
    const criada = await requisitar('POST', '/nfse/v1/notas', { credencial: conta.sandbox, cnpj, corpo: notaNacional() });
    expect(criada.status).toBe(201);
    const fim = Date.now() + 30_000;
    let nota: any;
    do {
      await dormir(200);
      nota = (await requisitar('GET', `/nfse/v1/notas/${criada.corpo.id}`, { credencial: conta.sandbox, cnpj })).corpo;
    } while (!terminal(nota) && Date.now() < fim);
    expect(nota.nfse.situacao).toBe('emitida');
    const x = await requisitar('GET', `/nfse/v1/notas/${nota.id}/xml`, {
      credencial: conta.sandbox,
      cnpj,
      cabecalhos: { accept: 'application/xml' },
    });
    expect(x.texto).toContain('<tpAmb>2</tpAmb>');
    expect((await simulador.nfse(cnpj)).find((n) => n.codigo_verificacao === nota.nfse.codigo_verificacao)?.ambiente).toBe('homologacao');
  });

  it('nbs_* out of their formats: 422 invalid_params naming each field', async () => {
    const r = await criarNfse(
      conta,
      cnpj,
      notaNacional({ nbs_codigo: '1.1502.10', nbs_cst: '00', nbs_ct: '0000011', nbs_indop: 'ABCDEF' }),
    );
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
    expect(r.corpo.params).toEqual({
      nbs_codigo: ['deve ter 9 dígitos (código NBS)'],
      nbs_cst: ['deve ter 3 dígitos (CST do IBS/CBS)'],
      nbs_ct: ['deve ter 6 dígitos (cClassTrib)'],
      nbs_indop: ['deve ter 6 dígitos (indicador da operação, cIndOp)'],
    });
  });

  it('IBS/CBS classification (cClassTrib table for the NFS-e): 200028 emits with the 60 % reduction in each part, 410999 with no IBS/CBS due; a code not for the NFS-e or of another CST is a 422 naming the field', async () => {
    const emitir = async (nbs_cst: string, nbs_ct: string) => {
      const criada = await criarNfse(conta, cnpj, notaNacional({ nbs_cst, nbs_ct }));
      expect(criada.status).toBe(201);
      const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
      expect(emitida.nfse.situacao).toBe('emitida');
      const xml: string = (await baixarXml(conta, cnpj, emitida.id)).texto;
      expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
      expect(xml).toContain(`<CST>${nbs_cst}</CST><cClassTrib>${nbs_ct}</cClassTrib>`);
      return xml;
    };
    // Educação (Anexo II): 0.90 % x 40 % = 0.36 % of 1425.00 (1500.00 less the ISSQN) is 5.13; 0.10 % x 40 % = 0.04 % is 0.57.
    const educacao = await emitir('200', '200028');
    expect(educacao).toContain('<uf><pIBSUF>0.10</pIBSUF><pRedAliqUF>60.00</pRedAliqUF><pAliqEfetUF>0.04</pAliqEfetUF></uf>');
    expect(educacao).toContain('<fed><pCBS>0.90</pCBS><pRedAliqCBS>60.00</pRedAliqCBS><pAliqEfetCBS>0.36</pAliqEfetCBS></fed>');
    expect(educacao).toContain('<vIBSUF>0.57</vIBSUF>');
    expect(educacao).toContain('<vCBS>5.13</vCBS>');
    // Imunidade e não incidência: the rates of the day stay, reduced by 100 % as the layout's formula has it.
    const imune = await emitir('410', '410999');
    expect(imune).toContain('<fed><pCBS>0.90</pCBS><pRedAliqCBS>100.00</pRedAliqCBS><pAliqEfetCBS>0.00</pAliqEfetCBS></fed>');
    expect(imune).toContain('<vCBS>0.00</vCBS>');

    const soNfe = await criarNfse(conta, cnpj, notaNacional({ nbs_cst: '200', nbs_ct: '200034' }));
    expect(soNfe.status).toBe(422);
    expect(soNfe.corpo.error).toBe('invalid_params');
    expect(soNfe.corpo.params.nbs_ct[0]).toMatch(/^200034 não é um cClassTrib do IBS e da CBS vigente para NFS-e \(CST 200: /);
    const outroCst = await criarNfse(conta, cnpj, notaNacional({ nbs_cst: '000', nbs_ct: '200028' }));
    expect(outroCst.status).toBe(422);
    expect(outroCst.corpo.params).toEqual({ nbs_cst: ['000 não é o CST do cClassTrib 200028, que é 200'] });
  });

  it('the test tomador 99999999000191: processado_com_erro, with the authority code and message in GET; no XML (409)', async () => {
    const criada = await criarNfse(
      conta,
      cnpj,
      notaNacional({ tomador: { ...notaNacional().tomador, razao_social: 'Irregular', cpf_cnpj: TOMADOR_IRREGULAR } }),
    );
    const nota = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(nota.rps.situacao).toBe('processado_com_erro');
    expect(nota.nfse.situacao).toBe('pendente');
    expect(await errosNfse(conta, cnpj, nota.id)).toEqual([{ codigo: 'E0190', mensagem: expect.stringContaining('99999999000191') }]);
    const x = await baixarXml(conta, cnpj, nota.id);
    expect(x.status).toBe(409);
    expect(x.corpo).toEqual({ error: 'XML da NFS-e ainda não disponível' });
  });

  it('an NFS-e answered without its nNFSe is not recorded: that DPS alone is consulted (GET /dps), and every note gets its own NFS-e', async () => {
    // The first DPS answer of this company comes without nNFSe (a defect of the authority); the others are whole.
    await simulador.falha({ operacao: 'RecepcionarLoteRps', tipo: 'nfse_sem_numero', vezes: 1, cnpj });
    const consultasAntes = (await simulador.chamadas(cnpj)).operacoes.ConsultarNfsePorRps ?? 0;
    const criadas = await Promise.all(Array.from({ length: 3 }, () => criarNfse(conta, cnpj, notaNacional())));
    expect(criadas.map((r) => r.status)).toEqual([201, 201, 201]);
    const notas = await Promise.all(criadas.map((r) => esperarNfse(conta, cnpj, r.corpo.id, terminal)));
    expect(notas.map((n) => n.nfse.situacao)).toEqual(['emitida', 'emitida', 'emitida']);
    expect(new Set(notas.map((n) => n.nfse.numero)).size).toBe(3);
    for (const n of notas) {
      expect(n.nfse.numero).toMatch(/^[1-9]\d*$/);
      expect(lerNfseNacional((await baixarXml(conta, cnpj, n.id)).texto)).toMatchObject({
        numero: n.nfse.numero,
        chaveAcesso: n.nfse.codigo_verificacao,
      });
    }
    // GET /dps/{id} and GET /nfse/{chave} for the DPS whose answer was broken.
    expect(((await simulador.chamadas(cnpj)).operacoes.ConsultarNfsePorRps ?? 0) - consultasAntes).toBeGreaterThanOrEqual(2);
  });

  it("decisions §7's required fields alone (CNPJ tomador without address, no approximate taxes): emitida, its DPS without cNBS nor IBSCBS, pTotTrib with the ISS alone, valid against the XSD", async () => {
    const minima = {
      codigo_externo: `DPS-minima-${Date.now().toString(36)}`,
      valor_servicos: '999.99',
      servico: notaNacional().servico,
      tomador: { razao_social: 'Tomador Sem Endereço LTDA', cpf_cnpj: '11.222.333/0001-81' },
    };
    const [criada, zero] = await Promise.all([
      criarNfse(conta, cnpj, minima),
      // The spec's minimum value, 0, is a vServ the layout takes (TSDec15V2).
      criarNfse(conta, cnpj, { ...minima, codigo_externo: `${minima.codigo_externo}-zero`, valor_servicos: '0' }),
    ]);
    expect([criada.status, zero.status]).toEqual([201, 201]);
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    expect((await esperarNfse(conta, cnpj, zero.corpo.id, terminal)).nfse.situacao).toBe('emitida');
    const xml: string = (await baixarXml(conta, cnpj, emitida.id)).texto;
    expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
    expect(xmlsec1(xml, 'infDPS')).toMatch(/OK$/);
    const dps = /<DPS[\s\S]*<\/DPS>/.exec(xml)![0];
    expect(dps).not.toContain('<cNBS>');
    expect(dps).not.toContain('<IBSCBS>');
    // Anexo I v1.01 runs E0235 (a CNPJ tomador's address) when the ADN receives a shared NFS-e, not on a DPS.
    expect(dps).toContain('<toma><CNPJ>11222333000181</CNPJ><xNome>Tomador Sem Endereço LTDA</xNome></toma>');
    // Outside the Simples the group is required and indTotTrib refused (E0713): the ISS the note computes (5 %), nothing else claimed.
    expect(dps).toContain(
      '<totTrib><pTotTrib><pTotTribFed>0.00</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib>',
    );
  });

  it('a national note that cannot be a DPS: 422 invalid_params naming each field, before it takes a number (IBSCBS without nbs_codigo E0322 or without nbs_indop; the prestador as tomador E0202; rates out of format)', async () => {
    const semNbs = await criarNfse(conta, cnpj, notaNacional({ nbs_codigo: undefined }));
    expect(semNbs.status).toBe(422);
    expect(semNbs.corpo).toEqual({ error: 'invalid_params', params: { nbs_codigo: [expect.stringMatching(/^é obrigatório .*E0322/)] } });
    const semIndop = await criarNfse(conta, cnpj, notaNacional({ nbs_indop: undefined }));
    expect(semIndop.corpo).toEqual({
      error: 'invalid_params',
      params: { nbs_indop: ['é obrigatório no grupo IBSCBS quando nbs_cst ou nbs_ct é enviado (cIndOp, 6 dígitos)'] },
    });
    const filial = `${cnpj.slice(0, 8)}0002${calcularDigitosCnpj(`${cnpj.slice(0, 8)}0002`)}`;
    const propria = await criarNfse(conta, cnpj, notaNacional({ tomador: { razao_social: 'Filial', cpf_cnpj: filial } }));
    expect(propria.status).toBe(422);
    expect(propria.corpo.params).toEqual({ 'tomador.cpf_cnpj': [expect.stringContaining('E0202')] });
    const ruim = await criarNfse(conta, cnpj, notaNacional({ tributos_aproximados: { federal: '13.45', estadual: '0', municipal: 'x' } }));
    expect(ruim.status).toBe(422);
    expect(Object.keys(ruim.corpo.params).sort()).toEqual(['tributos_aproximados.federal', 'tributos_aproximados.municipal']);
    // A character no XML document can hold (U+0001) would make the DPS malformed: refused at the door.
    const controle = await criarNfse(conta, cnpj, notaNacional({ descricao: 'Consultoria\u0001' }));
    expect([controle.status, controle.corpo.params]).toEqual([422, { descricao: [expect.stringContaining('caractere inválido')] }]);
    // An ABRASF note takes none of the DPS's rules.
    const { conta: sp, cnpj: cnpjSp } = await contaComEmpresaApta();
    expect((await cadastrarServico()).status).toBe(201);
    expect((await criarNfse(sp, cnpjSp, notaNacional({ nbs_codigo: undefined }))).status).toBe(201);
  });

  it("iss_retido: the tomador withholds the ISS: valor_liquido less the ISS in the answer and in the NFS-e (tpRetISSQN 2, vTotalRet, vLiq); refused for an MEI, an ME/EPP in the Simples and without the tomador's address (E0237), before any number", async () => {
    const retida = await criarNfse(
      conta,
      cnpj,
      notaNacional({ valor_servicos: '1000.10', iss_retido: true, observacoes: 'Contrato 42\nmedição 3' }),
    );
    expect(retida.status).toBe(201);
    // 1000.10 × 5 % = 50.005 -> 50.01 (half-up); net 950.09.
    expect(retida.corpo.iss).toEqual({ base_calculo: '1000.10', valor_iss: '50.01', valor_liquido: '950.09', aliquota_iss: '0.05' });
    const emitida = await esperarNfse(conta, cnpj, retida.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    expect(emitida.iss).toEqual(retida.corpo.iss);
    const xml: string = (await baixarXml(conta, cnpj, emitida.id)).texto;
    expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
    expect(xml).toContain('<tpRetISSQN>2</tpRetISSQN>');
    // observacoes go in the DPS's infoCompl/xInfComp, one line.
    expect(xml).toContain('<infoCompl><xInfComp>Contrato 42 medição 3</xInfComp></infoCompl>');
    expect(xml).toMatch(/<vISSQN>50\.01<\/vISSQN><vTotalRet>50\.01<\/vTotalRet><vLiq>950\.09<\/vLiq>/);

    const { numero } = retida.corpo.rps;
    const semEndereco = await criarNfse(
      conta,
      cnpj,
      notaNacional({ iss_retido: true, tomador: { razao_social: 'Sem endereço', cpf_cnpj: '44.555.666/0001-81' } }),
    );
    expect([semEndereco.status, semEndereco.corpo.params]).toEqual([422, { 'tomador.endereco': [expect.stringContaining('E0237')] }]);
    const mei = await empresaNacional({ regime_tributario: 4 });
    const doMei = await criarNfse(mei.conta, mei.cnpj, notaNacional({ iss_retido: true, tributos_aproximados: undefined }));
    expect([doMei.status, doMei.corpo.params]).toEqual([422, { iss_retido: [expect.stringContaining('E0583')] }]);
    const simples = await empresaNacional({ regime_tributario: 1 });
    const doSimples = await criarNfse(simples.conta, simples.cnpj, notaNacional({ iss_retido: true }));
    expect([doSimples.status, doSimples.corpo.params]).toEqual([422, { iss_retido: [expect.stringContaining('art. 21, §4º')] }]);
    const tipo = await criarNfse(conta, cnpj, notaNacional({ iss_retido: 'sim' }));
    expect([tipo.status, Object.keys(tipo.corpo.params ?? {})]).toEqual([422, ['iss_retido']]);
    // None of the refusals took a number.
    expect((await criarNfse(conta, cnpj, notaNacional({ iss_retido: false }))).corpo.rps.numero).toBe(numero + 1);
  });

  it('the national service list (Anexo I v1.01): an item whose DPS needs the obra group (E0370), or not on the list (E0310), is a 422 before any number; 17.05, due at the tomador, needs its address (E0234), stored or sent', async () => {
    for (const [codigo_item_lista, codigo_cnae] of [
      ['07.02', '4120400'],
      ['99.99', '8299799'],
      ['17.05', '7820500'],
    ])
      expect(
        (
          await cadastrarServico(MUNICIPIO_NACIONAL, {
            codigo_cnae,
            codigo_item_lista,
            descricao: 'Serviço de teste',
            aliquota_iss: '0.05',
          })
        ).status,
      ).toBe(201);
    const comItem = (codigo_item_lista: string, tomador: Record<string, unknown>) =>
      criarNfse(conta, cnpj, { ...notaNacional({ tomador }), servico: { codigo_item_lista } });
    const semEndereco = { razao_social: 'Agência de Trabalho Temporário', cpf_cnpj: '44.555.666/0001-81' };
    const obra = await comItem('07.02', semEndereco);
    expect([obra.status, obra.corpo]).toEqual([
      422,
      {
        error: 'invalid_params',
        params: { 'servico.codigo_item_lista': [expect.stringContaining('exige o grupo obra da DPS (Anexo I E0370)')] },
      },
    ]);
    const foraDaLista = await comItem('99.99', semEndereco);
    expect(foraDaLista.corpo.params).toEqual({ 'servico.codigo_item_lista': [expect.stringContaining('Anexo I E0310')] });
    const antes = await criarNfse(conta, cnpj, notaNacional());
    const maoDeObra = await comItem('17.05', { ...semEndereco, telefone: '1133334444' });
    expect([maoDeObra.status, maoDeObra.corpo.params]).toEqual([422, { 'tomador.endereco': [expect.stringContaining('E0234')] }]);
    // Refused inside the note's transaction: no RPS number taken, the tomador's upsert (its telefone) rolled back.
    const depois = await comItem('01.07', semEndereco);
    expect(depois.corpo.rps.numero).toBe(antes.corpo.rps.numero + 1);
    expect(depois.corpo.tomador.telefone).toBeUndefined();
    // With its address the note is emitted; the tomador keeps it, so the next note may send only its name and document.
    const comEndereco = await comItem('17.05', { ...notaNacional().tomador, ...semEndereco });
    expect(comEndereco.status).toBe(201);
    const reusado = await comItem('17.05', semEndereco);
    expect(reusado.status).toBe(201);
    for (const id of [comEndereco.corpo.id, reusado.corpo.id]) {
      const emitida = await esperarNfse(conta, cnpj, id, terminal);
      expect(emitida.nfse.situacao).toBe('emitida');
      const xml: string = (await baixarXml(conta, cnpj, id)).texto;
      expect(xml).toContain('<cTribNac>170501</cTribNac>');
      expect(xml).toContain('<xTribNac>Fornecimento de mão-de-obra');
      expect(/<toma>.*<end><endNac><cMun>3550308<\/cMun>/.test(xml)).toBe(true);
    }
  });

  it("the tomador's address goes with its IBGE code: without it, the company's municipality's, or 422 on tomador.codigo_municipio (never the code of an older address)", async () => {
    const { codigo_municipio: _codigo, ...semCodigo } = notaNacional().tomador;
    const tomador = (cpf_cnpj: string, municipio: string, codigo?: string) => ({
      ...semCodigo,
      cpf_cnpj,
      ...(codigo ? { codigo_municipio: codigo } : {}),
      endereco: { ...semCodigo.endereco, municipio },
    });
    // São Paulo is not the company's municipality (Campinas, MUNICIPIO_NACIONAL): the DPS could not name it.
    const outro = await criarNfse(conta, cnpj, notaNacional({ tomador: tomador('52.998.224/0001-38', 'São Paulo') }));
    expect([outro.status, outro.corpo.error, Object.keys(outro.corpo.params ?? {})]).toEqual([
      422,
      'invalid_params',
      ['tomador.codigo_municipio'],
    ]);
    // In the company's own municipality the code is the company's.
    const local = await criarNfse(conta, cnpj, notaNacional({ tomador: tomador('52.998.224/0001-38', 'Campinas') }));
    expect(local.status).toBe(201);
    const emitida = await esperarNfse(conta, cnpj, local.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    expect(/<toma>.*<end><endNac><cMun>3509502<\/cMun>/.test((await baixarXml(conta, cnpj, local.corpo.id)).texto)).toBe(true);
    // The same tomador moving to São Paulo without a code does not keep Campinas's: refused, and it keeps its address.
    const mudou = await criarNfse(conta, cnpj, notaNacional({ tomador: tomador('52.998.224/0001-38', 'São Paulo') }));
    expect(Object.keys(mudou.corpo.params ?? {})).toEqual(['tomador.codigo_municipio']);
    const comCodigo = await criarNfse(conta, cnpj, notaNacional({ tomador: tomador('52.998.224/0001-38', 'São Paulo', '3550308') }));
    expect(comCodigo.status).toBe(201);
  });

  it('an ME/EPP (regime 1): its Simples Nacional rate in pTotTribSN, no indTotTrib (E0712) and no pAliq (E0625); without it pTotTrib with the ISS alone', async () => {
    const me = await empresaNacional({ regime_tributario: 1 });
    const ruim = await criarNfse(me.conta, me.cnpj, notaNacional({ aliquota_simples_nacional: '6', tributos_aproximados: undefined }));
    expect(ruim.status).toBe(422);
    expect(Object.keys(ruim.corpo.params)).toEqual(['aliquota_simples_nacional']);
    const [comTaxa, sem] = await Promise.all([
      criarNfse(me.conta, me.cnpj, notaNacional({ aliquota_simples_nacional: '0.06', tributos_aproximados: undefined })),
      criarNfse(me.conta, me.cnpj, notaNacional({ tributos_aproximados: undefined })),
    ]);
    expect([comTaxa.status, sem.status]).toEqual([201, 201]);
    const dpsDe = async (id: number) => {
      const emitida = await esperarNfse(me.conta, me.cnpj, id, terminal);
      expect(emitida.nfse.situacao).toBe('emitida');
      const xml = (await baixarXml(me.conta, me.cnpj, emitida.id)).texto;
      expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
      const dps = /<DPS[\s\S]*<\/DPS>/.exec(xml)![0];
      expect(dps).toContain('<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>');
      expect(dps).not.toContain('indTotTrib');
      expect(dps).not.toContain('<pAliq>');
      return dps;
    };
    expect(await dpsDe(comTaxa.corpo.id)).toContain('<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');
    expect(await dpsDe(sem.corpo.id)).toContain(
      '<totTrib><pTotTrib><pTotTribFed>0.00</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib>',
    );
  });

  it('an MEI issues only through the national system: nacional in São Paulo too (through HTTP); provedor_nfse abrasf-2.04 for an MEI: 422', async () => {
    const outra = await criarConta();
    const ruim = await requisitar('POST', '/conta/v1/empresas', {
      credencial: outra.producao,
      corpo: dadosEmpresa(undefined, { regime_tributario: 4, provedor_nfse: 'abrasf-2.04' }),
    });
    expect(ruim.status).toBe(422);
    expect(ruim.corpo).toEqual({
      error: 'invalid_params',
      params: { provedor_nfse: ['MEI (regime_tributario 4) emite NFS-e somente pelo Sistema Nacional: use nacional ou omita'] },
    });
    // São Paulo keeps ABRASF by the table, but not for an MEI.
    expect((await cadastrarServico()).status).toBe(201);
    const mei = await contaComEmpresaApta({ regime_tributario: 4 });
    const lista = await requisitar('GET', '/conta/v1/empresas', { credencial: mei.conta.producao });
    expect(lista.corpo.find((e: { cnpj: string }) => e.cnpj === mei.cnpj)).toMatchObject({
      codigo_municipio: '3550308',
      provedor_nfse: 'nacional',
    });
    const criada = await criarNfse(mei.conta, mei.cnpj, notaNacional({ tributos_aproximados: undefined }));
    expect(criada.corpo.rps.tipo).toBe('DPS');
    const emitida = await esperarNfse(mei.conta, mei.cnpj, criada.corpo.id, terminal);
    expect(emitida.nfse.situacao).toBe('emitida');
    const xml = (await baixarXml(mei.conta, mei.cnpj, emitida.id)).texto;
    const dps = /<DPS[\s\S]*<\/DPS>/.exec(xml)![0];
    // No pAliq for an MEI (E0600); indTotTrib is one of the groups E0710 allows it; the NFS-e's values are vLiq only (E1302).
    expect(dps).toContain('<opSimpNac>2</opSimpNac>');
    expect(dps).not.toContain('<pAliq>');
    expect(dps).toContain('<indTotTrib>0</indTotTrib>');
    expect(xml.slice(0, xml.indexOf('<DPS'))).toContain('<valores><vLiq>1500.00</vLiq></valores>');
    expect(xmllint('NFSe_v1.01.xsd', xml)).toMatch(/ok$/);
  });

  it('a cancellation reason of any length the spec takes (min 1), with line breaks and typographic marks: made a Latin-1 xMotivo of 15..255 characters and the note is cancelada; an emoji is a 400; a short REJEITAR is still refused', async () => {
    const [a, b] = await Promise.all([criarNfse(conta, cnpj, notaNacional()), criarNfse(conta, cnpj, notaNacional())]);
    const [emitidaA, emitidaB] = await Promise.all(
      [a, b].map((c) => esperarNfse(conta, cnpj, c.corpo.id, (n) => n.nfse.situacao === 'emitida')),
    );
    const recusado = await cancelar(emitidaB.id, 'REJEITAR');
    expect(recusado.status).toBe(202);
    expect(await esperarRecusaCancelamento(conta, cnpj, emitidaB.id)).toEqual([
      expect.objectContaining({ mensagem: expect.stringContaining('REJEITAR') }),
    ]);
    const emoji = await cancelar(emitidaA.id, 'Cancelado \u{1F600}');
    expect([emoji.status, Object.keys(emoji.corpo.params ?? {})]).toEqual([400, ['motivo_cancelamento']]);
    const r = await cancelar(emitidaA.id, 'x \u2013 Sant\u2019Ana\nduplicada');
    expect(r.status).toBe(202);
    expect(r.corpo).toEqual({ message: expect.any(String), nota_fiscal_id: emitidaA.id });
    await esperarNfse(conta, cnpj, emitidaA.id, (n) => n.nfse.situacao === 'cancelada');
    expect((await simulador.nfse(cnpj)).find((n) => n.codigo_verificacao === emitidaA.nfse.codigo_verificacao)?.cancelada_em).toBeTruthy();
  });

  it('cancellation through the event 101101: cancelada, and the simulator records it; REJEITAR is refused and the note stays emitida', async () => {
    const criada = await criarNfse(conta, cnpj, notaNacional());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const recusado = await cancelar(emitida.id, 'REJEITAR este cancelamento de teste');
    expect(recusado.status).toBe(202);
    expect(await esperarRecusaCancelamento(conta, cnpj, emitida.id)).toEqual([
      expect.objectContaining({ mensagem: expect.stringContaining('REJEITAR') }),
    ]);
    await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'emitida');
    const r = await cancelar(emitida.id, 'Serviço não prestado ao tomador');
    expect(r.status).toBe(202);
    const cancelada = await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
    expect(cancelada.nfse.codigo_verificacao).toBe(emitida.nfse.codigo_verificacao);
    expect((await simulador.nfse(cnpj)).find((n) => n.codigo_verificacao === emitida.nfse.codigo_verificacao)?.cancelada_em).toBeTruthy();
  });

  it("the Sefin's event route refuses the pedido before the end of 2025 (nPedRegEvento, 59-position Id) and an Id naming another key; the product's own cancels", async () => {
    const criada = await criarNfse(conta, cnpj, notaNacional());
    const emitida = await esperarNfse(conta, cnpj, criada.corpo.id, (n) => n.nfse.situacao === 'emitida');
    const chave: string = emitida.nfse.codigo_verificacao;
    const { id, xml } = montarPedidoCancelamento({
      ambiente: '1',
      dataHora: formatarDataHoraSefaz(new Date()),
      documentoAutor: cnpj,
      chaveAcesso: chave,
      motivo: 'Serviço não prestado ao tomador',
    });
    const antigo = xml.replace(`Id="${id}"`, `Id="${id}001"`).replace('</chNFSe>', '</chNFSe><nPedRegEvento>1</nPedRegEvento>');
    const r1 = await postarEventoSefin(cnpj, chave, antigo);
    expect(r1.status).toBe(400);
    expect(JSON.stringify(r1.corpo)).toContain('RNG6110');
    const outraChave = `${chave.slice(0, 40)}${((Number(chave[40]) + 1) % 10).toString()}${chave.slice(41)}`;
    const r2 = await postarEventoSefin(cnpj, chave, xml.replace(`Id="${id}"`, `Id="PRE${outraChave}101101"`));
    expect(r2.status).toBe(400);
    expect(JSON.stringify(r2.corpo)).toContain('identificador do pedido');
    expect((await simulador.nfse(cnpj)).find((n) => n.codigo_verificacao === chave)?.cancelada_em).toBeFalsy();
    expect((await cancelar(emitida.id, 'Serviço não prestado ao tomador')).status).toBe(202);
    await esperarNfse(conta, cnpj, emitida.id, (n) => n.nfse.situacao === 'cancelada');
  });

  it('provedor_nfse overrides the municipality (São Paulo keeps ABRASF by the table); any other value is 422', async () => {
    const outra = await criarConta();
    const padrao = await criarEmpresa(outra);
    const escolhida = await criarEmpresa(outra, { provedor_nfse: 'nacional' });
    const lista = await requisitar('GET', '/conta/v1/empresas', { credencial: outra.producao });
    const provedor = (c: string) => lista.corpo.find((e: { cnpj: string }) => e.cnpj === c)?.provedor_nfse;
    expect([provedor(padrao), provedor(escolhida)]).toEqual(['abrasf-2.04', 'nacional']);
    const ruim = await requisitar('POST', '/conta/v1/empresas', {
      credencial: outra.producao,
      corpo: dadosEmpresa(undefined, { provedor_nfse: 'municipal' }),
    });
    expect(ruim.status).toBe(422);
    expect(Object.keys(ruim.corpo.params)).toEqual(['provedor_nfse']);
  });
});
