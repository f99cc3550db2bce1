import {
  ALIQUOTA_MINIMA_ISS,
  arredondarValor,
  CODIGO_SERVICO_SEM_INCIDENCIA,
  CODIGOS_SEFIN,
  codigoMunicipioValido,
  dec,
  type Decimal,
  filho,
  filhos,
  incidenciaNoTomador,
  itemAbaixoDaAliquotaMinimaIss,
  type MensagemSefin,
  type NoXml,
  servicoNacional,
  somar,
  textoEm,
  tomadorEhPrestador,
  ZERO,
  SUBITEM_RODOVIA,
} from '@emissor/fiscal-domain';

/**
 * The Anexo I rules (rn-dps-nfs-e.tsv) on a DPS's municipality codes (E0037, E0130, E0238, E0302, as far
 * as a code can be judged without IBGE's table), its service (the national service list: E0310, E0532,
 * E0370, E0390, E0234), values, ISS rate and approximate taxes that the DPS alone decides, with their
 * codes (and E0322, cNBS with the IBSCBS group, of the Anexo I in force: the TSV we hold predates it);
 * and the values of the NFS-e the authority computes from it.
 * Pure: the simulator runs them after the XSD and the signature.
 *
 * Not checked, because they depend on a municipality's parameters in the national system that a
 * simulator does not have: the convênio situation ("Ativo" or not: E0617, E0619, E0635, E0640), the
 * services' deduction and benefit parametrization (E0440..E0454, E0536, E0565..E0587), the benefit's
 * type (E0612), the per-source checks of the 2 % floor (E0430, E0444, E0447, E0575, E0587: E1297 judges
 * their combined effect on the NFS-e's base, with its own code). Where
 * both convênio situations refuse the same DPS (E0625/E0631, E0621/E0628) the code of the "Ativo"
 * one is given. Anexo I has no rule of its own for vServ > 0 (the XSD takes 0.00): none here either.
 */

const erro = (codigo: string, descricao: string): MensagemSefin => ({ codigo, descricao });
const HUNDRED = dec(100);

/** The element's decimal, or null when absent. */
function valor(no: NoXml | undefined, ...caminho: string[]): Decimal | null {
  const t = textoEm(no, ...caminho);
  return t === undefined || t === '' ? null : dec(t);
}
const pct = (base: Decimal, percentual: Decimal) => arredondarValor(base.times(percentual).dividedBy(HUNDRED));

/** The values of the NFS-e as Anexo I computes them from the DPS (infNFSe/valores). */
export interface ValoresNfse {
  vServ: Decimal;
  vDescIncond: Decimal;
  vDescCond: Decimal;
  /** Deduction/reduction in money: vDR, or vCalcDR from pDR, or the sum of the documents' vDeducaoReducao. */
  vDedRed: Decimal;
  /** Municipal benefit in money: vRedBCBM, or vCalcBM from pRedBCBM. */
  vBeneficio: Decimal;
  /** E1295: vBC = vServ - vDescIncond - deduction - benefit. */
  vBC: Decimal;
  /** pAliq of the DPS (percentage), when it has one. */
  pAliq: Decimal | null;
  /** E1289: vISSQN = vBC x pAliqAplic. */
  vISSQN: Decimal | null;
  issRetido: boolean;
  /** CP, IRRF, CSLL, and PIS/COFINS and ISSQN when retained. */
  vTotalRet: Decimal;
  /** PIS and COFINS the DPS declares (tribFed/piscofins), retained or not. */
  vPis: Decimal;
  vCofins: Decimal;
  /** vCalcReeRepRes: the sum of the reimbursement, pass-through and compensation documents (IBSCBS/valores/gReeRepRes). */
  vCalcReeRepRes: Decimal;
  /** E1508: vServ - vDescCond - vDescIncond - retained values. */
  vLiq: Decimal;
  /** E1302, E1303, E1307, E1311: an MEI, a service not taxed, a special regime or suspended ISS: the NFS-e's valores carry vLiq only. */
  somenteLiquido: boolean;
}

export function valoresDaDps(inf: NoXml | undefined): ValoresNfse {
  const v = filho(inf, 'valores');
  const vServ = valor(v, 'vServPrest', 'vServ') ?? ZERO;
  const vDescIncond = valor(v, 'vDescCondIncond', 'vDescIncond') ?? ZERO;
  const vDescCond = valor(v, 'vDescCondIncond', 'vDescCond') ?? ZERO;
  const dr = filho(v, 'vDedRed');
  const pDR = valor(dr, 'pDR');
  // E0427: a percentage of deduction applies to the service value less the unconditional discount.
  const vDedRed = pDR
    ? pct(vServ.minus(vDescIncond), pDR)
    : (valor(dr, 'vDR') ?? somar(filhos(filho(dr, 'documentos'), 'docDedRed').map((d) => valor(d, 'vDeducaoReducao') ?? ZERO)));
  const mun = filho(filho(v, 'trib'), 'tribMun');
  const bm = filho(mun, 'BM');
  const pRedBCBM = valor(bm, 'pRedBCBM');
  // E0427: a percentage of benefit applies to the service value less the discount and the deduction.
  const vBeneficio = pRedBCBM ? pct(vServ.minus(vDescIncond).minus(vDedRed), pRedBCBM) : (valor(bm, 'vRedBCBM') ?? ZERO);
  const vBC = vServ.minus(vDescIncond).minus(vDedRed).minus(vBeneficio);
  const pAliq = valor(mun, 'pAliq');
  const vISSQN = pAliq ? pct(vBC, pAliq) : null;
  const issRetido = ['2', '3'].includes(textoEm(mun, 'tpRetISSQN') ?? '1');
  const fed = filho(filho(v, 'trib'), 'tribFed');
  const pc = filho(fed, 'piscofins');
  const pisCofinsRetidos = textoEm(pc, 'tpRetPisCofins') === '1';
  const vPis = valor(pc, 'vPis') ?? ZERO;
  const vCofins = valor(pc, 'vCofins') ?? ZERO;
  const vTotalRet = somar([
    valor(fed, 'vRetCP') ?? ZERO,
    valor(fed, 'vRetIRRF') ?? ZERO,
    valor(fed, 'vRetCSLL') ?? ZERO,
    pisCofinsRetidos ? vPis.plus(vCofins) : ZERO,
    issRetido && vISSQN ? vISSQN : ZERO,
  ]);
  const reembolsos = filhos(filho(filho(filho(inf, 'IBSCBS'), 'valores'), 'gReeRepRes'), 'documentos');
  const vCalcReeRepRes = somar(reembolsos.map((d) => valor(d, 'vlrReeRepRes') ?? ZERO));
  const regTrib = filho(filho(inf, 'prest'), 'regTrib');
  const somenteLiquido =
    textoEm(regTrib, 'opSimpNac') === '2' ||
    (textoEm(mun, 'tribISSQN') ?? '1') !== '1' ||
    (textoEm(regTrib, 'regEspTrib') ?? '0') !== '0' ||
    filho(mun, 'exigSusp') !== undefined;
  return {
    vServ,
    vDescIncond,
    vDescCond,
    vDedRed,
    vBeneficio,
    vBC,
    pAliq,
    vISSQN,
    issRetido,
    vTotalRet,
    vPis,
    vCofins,
    vCalcReeRepRes,
    vLiq: vServ.minus(vDescIncond).minus(vDescCond).minus(vTotalRet),
    somenteLiquido,
  };
}

/**
 * Where the NFS-e's ISSQN is due (cLocIncid, Anexo I layout row 8), as the national system identifies it
 * from the service's rule in MUN.INCID_INFO.SERV. (LC 116/2003 art. 3º): where it is provided (LP, unless in
 * "Águas Marítimas", whose incidence is the prestador's establishment), the tomador's establishment (ET), or
 * the prestador's (EP, the general rule: the issuing municipality of a DPS the prestador sends). None for an
 * immune, exported or non-incident service (tribISSQN 2, 3, 4) or 99.01.01.
 */
export function localIncidenciaIssqn(inf: NoXml | undefined): string | undefined {
  if ((textoEm(inf, 'valores', 'trib', 'tribMun', 'tribISSQN') ?? '1') !== '1') return undefined;
  const cTribNac = textoEm(inf, 'serv', 'cServ', 'cTribNac') ?? '';
  const servico = servicoNacional(cTribNac);
  if (!servico || cTribNac === CODIGO_SERVICO_SEM_INCIDENCIA) return undefined;
  const cLocEmi = textoEm(inf, 'cLocEmi');
  const prestacao = textoEm(inf, 'serv', 'locPrest', 'cLocPrestacao');
  if (servico.incidencia.includes('LP') && prestacao && prestacao !== AGUAS_MARITIMAS) return prestacao;
  if (incidenciaNoTomador(servico)) return textoEm(inf, 'toma', 'end', 'endNac', 'cMun') ?? cLocEmi;
  return cLocEmi;
}

/**
 * The national service list (Anexo I v1.01, MUN.INCID_INFO.SERV.): cTribNac exists (E0310; whether the
 * incidence municipality administers it is a parameter of the national system this simulator does not
 * have); 99.01.01 without incidence carries tribISSQN 4 (E0532); construction and events carry their
 * groups (E0370, E0390); the tomador's address where the ISSQN is due at its establishment (E0234).
 */
function errosListaServicos(inf: NoXml | undefined): MensagemSefin[] {
  const cTribNac = textoEm(inf, 'serv', 'cServ', 'cTribNac') ?? '';
  const servico = servicoNacional(cTribNac);
  if (!servico)
    return [
      erro(
        CODIGOS_SEFIN.servicoNacionalInexistente,
        'O código de tributação nacional informado não existe ou não está administrado pelo município de incidência do ISSQN na data de competência informada na DPS, conforme a lista de serviços nacional do Sistema Nacional NFS-e.',
      ),
    ];
  const erros: MensagemSefin[] = [];
  if (cTribNac === CODIGO_SERVICO_SEM_INCIDENCIA && textoEm(inf, 'valores', 'trib', 'tribMun', 'tribISSQN') !== '4')
    erros.push(
      erro(
        CODIGOS_SEFIN.servicoSemIncidencia,
        'O campo que informa sobre a tributação do ISSQN deve ser "4 - Não Incidência", quando houver o serviço prestado for 99.01.01 - Serviços sem a incidência de ISSQN e ICMS.',
      ),
    );
  if (servico.grupo === 'obra' && !filho(filho(inf, 'serv'), 'obra'))
    erros.push(
      erro(
        CODIGOS_SEFIN.grupoObraObrigatorio,
        'O grupo de informações de obra é obrigatório quando o código de tributação nacional pertencer a um dos subitens 07.02.01, 07.02.02, 07.04.01, 07.05,01, 07.05.02, 07.06.01, 07.06.02, 07.07.01, 07.08.01, 07.17.01 e 07.19.01 da lista de serviços.',
      ),
    );
  if (servico.grupo === 'atvEvento' && !filho(filho(inf, 'serv'), 'atvEvento'))
    erros.push(
      erro(
        CODIGOS_SEFIN.grupoEventoObrigatorio,
        'O grupo de informações de Atividade/Evento é obrigatório quando o código de tributação nacional pertencer ao item 12 da lista de serviços.',
      ),
    );
  if (incidenciaNoTomador(servico) && !filho(filho(inf, 'toma'), 'end'))
    erros.push(
      erro(
        CODIGOS_SEFIN.enderecoTomadorIncidencia,
        'O endereço do tomador é obrigatório quando a incidência do ISSQN definida para o serviço prestado ocorrer no local do estabelecimento/domicílio do tomador.',
      ),
    );
  return erros;
}

/** "Águas Marítimas": a place of provision IBGE's table does not have and Anexo I accepts (E0302). */
const AGUAS_MARITIMAS = '0000000';

/**
 * The DPS's municipality codes: cLocEmi in the convênio register (E0037), the prestador's and the tomador's
 * address and the place of provision in IBGE's table (E0130, E0238, E0302). Without those tables, a code
 * whose check digit or state prefix is wrong (ufDoMunicipio) is the one no table holds.
 */
function errosMunicipios(inf: NoXml | undefined): MensagemSefin[] {
  const codigos: [string | undefined, string, string][] = [
    [
      textoEm(inf, 'cLocEmi'),
      CODIGOS_SEFIN.municipioEmissorSemConvenio,
      'O código do município emissor informado na DPS é inexistente no cadastro de convênio municipal do sistema nacional.',
    ],
    [
      textoEm(inf, 'prest', 'end', 'endNac', 'cMun'),
      CODIGOS_SEFIN.municipioPrestadorInexistente,
      'O código do município para o endereço do prestador do serviço não existe conforme tabela de município do IBGE.',
    ],
    [
      textoEm(inf, 'toma', 'end', 'endNac', 'cMun'),
      CODIGOS_SEFIN.municipioTomadorInexistente,
      'O código do município informado na DPS para o endereço do tomador do serviço não existe conforme tabela de município do IBGE.',
    ],
    [
      textoEm(inf, 'serv', 'locPrest', 'cLocPrestacao'),
      CODIGOS_SEFIN.localPrestacaoInexistente,
      'O código do local da prestação do serviço não existe conforme a tabela de municípios IBGE.',
    ],
  ];
  return codigos
    .filter(([codigo]) => codigo !== undefined && codigo !== AGUAS_MARITIMAS && !codigoMunicipioValido(codigo))
    .map(([, codigo, descricao]) => erro(codigo, descricao));
}

/** Every value, rate and approximate-tax rule above the DPS breaks, [] when none. */
export function errosRegrasDps(inf: NoXml | undefined): MensagemSefin[] {
  const erros: MensagemSefin[] = [];
  const c = valoresDaDps(inf);
  const v = filho(inf, 'valores');
  const regTrib = filho(filho(inf, 'prest'), 'regTrib');
  const opSimpNac = textoEm(regTrib, 'opSimpNac');
  const prestador = textoEm(inf, 'prest', 'CNPJ') ?? textoEm(inf, 'prest', 'CPF') ?? '';
  const tomador = textoEm(inf, 'toma', 'CNPJ') ?? textoEm(inf, 'toma', 'CPF');

  // cNBS is 0-1 in the schema; with the IBSCBS group the NBS item is required.
  if (filho(inf, 'IBSCBS') && !textoEm(inf, 'serv', 'cServ', 'cNBS'))
    erros.push(
      erro(CODIGOS_SEFIN.nbsObrigatorioComIbsCbs, 'É obrigatório informar na DPS o item da NBS (cNBS) quando o grupo IBSCBS é informado.'),
    );
  if (tomador && tomadorEhPrestador(tomador, prestador))
    erros.push(
      erro(
        CODIGOS_SEFIN.prestadorIgualTomador,
        'Na emissão da NFS-e não é permitido que o prestador do serviço seja igual ao tomador do serviço.',
      ),
    );

  erros.push(...errosMunicipios(inf), ...errosListaServicos(inf));

  // vServPrest, vDescCondIncond, vDedRed, BM.
  if (c.vServ.lessThan(c.vDescIncond.plus(c.vDedRed).plus(c.vBeneficio))) {
    erros.push(
      erro(
        CODIGOS_SEFIN.valorServicoInsuficiente,
        'O valor do serviço deve ser maior ou igual ao somatório dos valores informados para Desconto Incondicionado, Deduções/Reduções e Benefício Municipal.',
      ),
    );
  }
  // vTotalRet: CP, IRRF and CSLL, plus PIS, COFINS and ISSQN when retained, as E0428 lists them.
  if (c.vServ.lessThan(c.vDescIncond.plus(c.vDescCond).plus(c.vDedRed).plus(c.vBeneficio).plus(c.vTotalRet))) {
    erros.push(
      erro(
        CODIGOS_SEFIN.valorServicoMenorQueAbatimentos,
        'O valor do serviço deve ser maior ou igual ao somatório dos valores informados para Desconto Incondicionado, Desconto Condicionado, Deduções/Reduções, Benefício Municipal, valores de tributos devidos (CP, IRRF, CSLL), e valores dos tributos se retidos (PIS, COFINS, ISSQN).',
      ),
    );
  }
  const entreZeroEServico = (x: Decimal | null) => x === null || (x.greaterThan(0) && x.lessThan(c.vServ));
  if (!entreZeroEServico(valor(v, 'vDescCondIncond', 'vDescIncond'))) {
    erros.push(
      erro(
        CODIGOS_SEFIN.descontoIncondicionado,
        'O valor do desconto incondicionado informado na DPS deve ser menor que o valor do serviço e maior que zero.',
      ),
    );
  }
  if (!entreZeroEServico(valor(v, 'vDescCondIncond', 'vDescCond'))) {
    erros.push(
      erro(
        CODIGOS_SEFIN.descontoCondicionado,
        'O valor do desconto condicionado informado na DPS deve ser menor que o valor do serviço e maior que zero.',
      ),
    );
  }
  const pDR = valor(v, 'vDedRed', 'pDR');
  if (pDR && (pDR.lessThanOrEqualTo(0) || pDR.greaterThan(100)))
    erros.push(
      erro(CODIGOS_SEFIN.percentualDeducao, 'O valor percentual para dedução/redução deve ser maior que 0 e menor ou igual a 100%.'),
    );
  for (const doc of filhos(filho(filho(v, 'vDedRed'), 'documentos'), 'docDedRed')) {
    const deducao = valor(doc, 'vDeducaoReducao') ?? ZERO;
    if (deducao.greaterThan(valor(doc, 'vDedutivelRedutivel') ?? ZERO))
      erros.push(
        erro(CODIGOS_SEFIN.deducaoAcimaDoDedutivel, 'O valor de dedução/redução não pode ser superior ao valor dedutível/redutível.'),
      );
    if (deducao.greaterThan(c.vServ))
      erros.push(
        erro(CODIGOS_SEFIN.deducaoAcimaDoServico, 'O valor de dedução/redução informado na DPS não pode ser superior ao valor do serviço.'),
      );
  }
  const mun = filho(filho(v, 'trib'), 'tribMun');
  const vRedBCBM = valor(mun, 'BM', 'vRedBCBM');
  if (vRedBCBM?.greaterThan(c.vServ))
    erros.push(
      erro(
        CODIGOS_SEFIN.beneficioAcimaDoServico,
        'O valor monetário do benefício municipal informado na DPS não pode ser superior ao valor do serviço.',
      ),
    );

  erros.push(...errosAliquota(c.pAliq, opSimpNac, textoEm(regTrib, 'regApTribSN'), textoEm(regTrib, 'regEspTrib'), mun));
  erros.push(...errosRetencao(inf, opSimpNac));
  if (aliquotaEfetivaAbaixoDaMinima(c, textoEm(inf, 'serv', 'cServ', 'cTribNac') ?? ''))
    erros.push(
      erro(
        CODIGOS_SEFIN.aliquotaEfetivaAbaixoDaMinima,
        'O valor BC calculado não pode estar reduzida de forma que resulte para valor do ISSQN a uma alíquota efetiva menor que 2%, exceto para os códigos relativos aos serviços 7.02, 7.05 e 16.01.',
      ),
    );
  erros.push(...errosTributosFederais(filho(filho(v, 'trib'), 'tribFed'), c.vServ));
  erros.push(...errosTotaisTributos(filho(filho(v, 'trib'), 'totTrib'), opSimpNac, c.vServ));
  if (c.vLiq.lessThan(0)) erros.push(erro(CODIGOS_SEFIN.valorLiquidoNegativo, 'O valor líquido da NFS-e não pode ser inferior a zero.'));
  return erros;
}

/**
 * E1297 (Anexo I RN 51, level 2, run by the Sefin on every DPS): the ISSQN may not come to less than 2 % of the
 * service value (LC 116/2003 art. 8º-A), whether by a low rate or a reduced base, except for subitems 7.02,
 * 7.05 and 16.01 (cTribNac's first four digits). Judged on vBC × pAliq before rounding, so a few centavos of
 * service are not refused for the rounding of their ISSQN.
 */
function aliquotaEfetivaAbaixoDaMinima(c: ValoresNfse, cTribNac: string): boolean {
  if (!c.pAliq || c.somenteLiquido || !c.vServ.greaterThan(0)) return false;
  if (itemAbaixoDaAliquotaMinimaIss(`${cTribNac.slice(0, 2)}.${cTribNac.slice(2, 4)}`)) return false;
  return c.vBC.times(c.pAliq).dividedBy(c.vServ).lessThan(dec(ALIQUOTA_MINIMA_ISS).times(HUNDRED));
}

/** pAliq (tribMun): E0595, E0600, E0602, E0604, E0606, E0625 (E0631), E0621 (E0628). */
function errosAliquota(
  pAliq: Decimal | null,
  opSimpNac: string | undefined,
  regApTribSN: string | undefined,
  regEspTrib: string | undefined,
  mun: NoXml | undefined,
): MensagemSefin[] {
  const erros: MensagemSefin[] = [];
  const tributavel = (textoEm(mun, 'tribISSQN') ?? '1') === '1';
  const retido = ['2', '3'].includes(textoEm(mun, 'tpRetISSQN') ?? '1');
  const meEppPeloSimples = opSimpNac === '3' && regApTribSN === '1';
  if (pAliq) {
    if (pAliq.greaterThan(5)) erros.push(erro(CODIGOS_SEFIN.aliquotaAcimaDe5, 'Não é permitido informar alíquota superior a 5%.'));
    if (opSimpNac === '2')
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaMei,
          'Não é permitido informar a alíquota para prestador de serviço optante do simples nacional do tipo MEI.',
        ),
      );
    if (!tributavel)
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaSemTributacao,
          'Não é permitido informar alíquota quando o campo referente à tributação do ISSQN indicar imunidade, exportação ou não incidência.',
        ),
      );
    if (regEspTrib && regEspTrib !== '0')
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaRegimeEspecial,
          'Não é permitido informar alíquota quando o prestador de serviço possui algum regime especial de tributação.',
        ),
      );
    if (filho(mun, 'exigSusp'))
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaExigibilidadeSuspensa,
          'Não é permitido informar a alíquota quando a exigibilidade da tributação do ISSQN estiver suspensa por decisão judicial ou administrativa.',
        ),
      );
    if (meEppPeloSimples && !retido) {
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaSemRetencaoSn,
          'Não é permitido informar alíquota quando não há indicação de retenção do ISSQN (tpRetISSQN = 1) para o prestador de serviço ME/EPP (opSimpNac = 3), com apuração do ISSQN pelo simples nacional (regApTribISSQN = 1).',
        ),
      );
    }
  } else if (meEppPeloSimples && retido && tributavel && !filho(mun, 'BM')) {
    erros.push(
      erro(
        CODIGOS_SEFIN.aliquotaObrigatoriaRetencaoSn,
        'É obrigatório informar alíquota quando há indicação de retenção do ISSQN (tpRetISSQN = 2 ou 3) para o prestador de serviço ME/EPP (opSimpNac = 3), com apuração do ISSQN pelo simples nacional (regApTribISSQN = 1).',
      ),
    );
  }
  return erros;
}

/**
 * tpRetISSQN 2 or 3 (the tomador or the intermediário withholds the ISSQN): not for an MEI (E0583) nor for
 * road operation, 22.01.01 (E0596); withheld by the tomador, the DPS carries the tomador's national address
 * (E0237; the DPS is the prestador's, tpEmit 1, so the exception for a tomador issuing it does not apply here).
 */
function errosRetencao(inf: NoXml | undefined, opSimpNac: string | undefined): MensagemSefin[] {
  const tpRet = textoEm(inf, 'valores', 'trib', 'tribMun', 'tpRetISSQN') ?? '1';
  if (tpRet === '1') return [];
  const erros: MensagemSefin[] = [];
  if (opSimpNac === '2')
    erros.push(
      erro(
        CODIGOS_SEFIN.retencaoMei,
        'Não é permitido retenção do ISSQN para o prestador do serviço que seja MEI na data de competência informada na DPS.',
      ),
    );
  if ((textoEm(inf, 'serv', 'cServ', 'cTribNac') ?? '').startsWith(SUBITEM_RODOVIA))
    erros.push(
      erro(
        CODIGOS_SEFIN.retencaoRodovia,
        'Não é permitido retenção do ISSQN quando o serviço prestado corresponder ao subitem 220101 - Serviço de exploração de rodovia da lista de serviços.',
      ),
    );
  if (tpRet === '2' && textoEm(inf, 'tpEmit') !== '2' && !filho(filho(filho(inf, 'toma'), 'end'), 'endNac'))
    erros.push(
      erro(
        CODIGOS_SEFIN.retencaoTomadorSemEndereco,
        'O endereço nacional do tomador do serviço deve ser informado na DPS quando o valor do ISSQN for retido pelo tomador, exceto se o emitente da DPS é o tomador do serviço.',
      ),
    );
  return erros;
}

/** tribFed: PIS/COFINS (E0677..E0698) and the retained CP, IRRF, CSLL (E0699..E0701). */
function errosTributosFederais(fed: NoXml | undefined, vServ: Decimal): MensagemSefin[] {
  const erros: MensagemSefin[] = [];
  const pc = filho(fed, 'piscofins');
  if (pc) {
    const cst = textoEm(pc, 'CST') ?? '00';
    const semContribuicao = ['00', '08', '09'].includes(cst);
    const base = valor(pc, 'vBCPisCofins');
    const pPis = valor(pc, 'pAliqPis');
    const pCofins = valor(pc, 'pAliqCofins');
    if (base?.greaterThan(vServ))
      erros.push(
        erro(
          CODIGOS_SEFIN.baseCalculoPisCofinsAcimaDoServico,
          'O valor da BC para Pis/Cofins deve ser menor ou igual ao valor do serviço informado na DPS.',
        ),
      );
    if (semContribuicao && base)
      erros.push(
        erro(
          CODIGOS_SEFIN.baseCalculoPisCofinsIndevida,
          'O valor BC do Pis/Cofins não pode ser informado quando o valor de CST for igual a 0, 8 ou 9.',
        ),
      );
    if (!semContribuicao && !base)
      erros.push(
        erro(
          CODIGOS_SEFIN.baseCalculoPisCofinsObrigatoria,
          'O valor BC do Pis/Cofins deve ser informado quando o CST for diferente de 0, 8 ou 9.',
        ),
      );
    if (!semContribuicao && base && (base.lessThanOrEqualTo(0) || base.greaterThanOrEqualTo(vServ))) {
      erros.push(
        erro(
          CODIGOS_SEFIN.baseCalculoPisCofinsForaDaFaixa,
          'O valor BC do Pis/Cofins informado deve ser maior que zero e menor que o valor do serviço informado na DPS.',
        ),
      );
    }
    if (base && !pPis)
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaPisObrigatoria,
          'A alíquota do Pis deve ser informada quando a base de cálculo deste imposto for informada.',
        ),
      );
    if (base && !pCofins)
      erros.push(
        erro(
          CODIGOS_SEFIN.aliquotaCofinsObrigatoria,
          'A alíquota do Cofins deve ser informada quando a base de cálculo deste imposto for informada.',
        ),
      );
    if (pPis && (pPis.lessThan(0) || pPis.greaterThan(100)))
      erros.push(erro(CODIGOS_SEFIN.aliquotaPisForaDaFaixa, 'A alíquota do Pis deve ser igual ou maior que 0 e menor ou igual a 100%.'));
    if (pCofins && (pCofins.lessThan(0) || pCofins.greaterThan(100)))
      erros.push(
        erro(CODIGOS_SEFIN.aliquotaCofinsForaDaFaixa, 'A alíquota do Cofins deve ser igual ou maior que 0 e menor ou igual a 100%.'),
      );
    const vPis = valor(pc, 'vPis');
    const vCofins = valor(pc, 'vCofins');
    if (pPis && !(vPis ?? ZERO).equals(pct(base ?? ZERO, pPis))) {
      erros.push(
        erro(
          CODIGOS_SEFIN.valorPisDivergente,
          'O valor do Pis informado não corresponde ao resultado da BC Pis/Cofins x Alíquota Pis, que foram informados na DPS.',
        ),
      );
    }
    if (pCofins && !(vCofins ?? ZERO).equals(pct(base ?? ZERO, pCofins))) {
      erros.push(
        erro(
          CODIGOS_SEFIN.valorCofinsDivergente,
          'O valor do Cofins informado não corresponde ao resultado da BC Pis/Cofins x Alíquota Cofins, que foram informados na DPS.',
        ),
      );
    }
  }
  const retencoes: [string, string, string][] = [
    ['vRetCP', CODIGOS_SEFIN.retencaoCp, 'CP'],
    ['vRetIRRF', CODIGOS_SEFIN.retencaoIrrf, 'IRRF'],
    ['vRetCSLL', CODIGOS_SEFIN.retencaoCsll, 'CSLL'],
  ];
  for (const [campo, codigo, tributo] of retencoes) {
    const r = valor(fed, campo);
    if (r && (r.lessThanOrEqualTo(0) || r.greaterThanOrEqualTo(vServ)))
      erros.push(erro(codigo, `O valor do tributo ${tributo} deve ser maior que zero e menor que o valor do serviço informado na DPS.`));
  }
  return erros;
}

/** totTrib: the groups each Simples situation may use (E0710, E0712, E0713) and their ranges (E0702..E0708). */
function errosTotaisTributos(tot: NoXml | undefined, opSimpNac: string | undefined, vServ: Decimal): MensagemSefin[] {
  const erros: MensagemSefin[] = [];
  if (opSimpNac === '2' && filho(tot, 'pTotTribSN'))
    erros.push(
      erro(CODIGOS_SEFIN.totalTributosMei, 'Para MEI somente um dos 3 poderá ser informado: grupo vTotTrib ou pTotTrib ou indTotTrib;'),
    );
  if (opSimpNac === '3' && filho(tot, 'indTotTrib'))
    erros.push(
      erro(
        CODIGOS_SEFIN.totalTributosMeEpp,
        'Para ME/EPP somente um dos 3 poderá ser informado: grupo vTotTrib ou pTotTrib ou pTotTribSN;',
      ),
    );
  if (opSimpNac === '1' && (filho(tot, 'indTotTrib') || filho(tot, 'pTotTribSN')))
    erros.push(
      erro(
        CODIGOS_SEFIN.totalTributosNaoOptante,
        'Para Não Optante do SN os campos, indicador de informação de valor total de tributos e percentual aproximado do total dos tributos da alíquota do Simples Nacional (%), não podem ser informados.',
      ),
    );
  const faixas: [string, string, string, Decimal][] = [
    ['vTotTrib', 'vTotTribFed', CODIGOS_SEFIN.totalTributosFederais, vServ],
    ['vTotTrib', 'vTotTribEst', CODIGOS_SEFIN.totalTributosEstaduais, vServ],
    ['vTotTrib', 'vTotTribMun', CODIGOS_SEFIN.totalTributosMunicipais, vServ],
    ['pTotTrib', 'pTotTribFed', CODIGOS_SEFIN.percentualTributosFederais, HUNDRED],
    ['pTotTrib', 'pTotTribEst', CODIGOS_SEFIN.percentualTributosEstaduais, HUNDRED],
    ['pTotTrib', 'pTotTribMun', CODIGOS_SEFIN.percentualTributosMunicipais, HUNDRED],
  ];
  for (const [grupo, campo, codigo, maximo] of faixas) {
    const x = valor(tot, grupo, campo);
    if (x && (x.lessThan(0) || x.greaterThan(maximo))) {
      erros.push(
        erro(
          codigo,
          grupo === 'vTotTrib'
            ? 'Se o valor for informado, então deve ser igual ou maior que 0 e menor ou igual o valor do serviço.'
            : 'Se a alíquota for informada, então deve ser igual ou maior que 0 e menor ou igual a 100%.',
        ),
      );
    }
  }
  return erros;
}
