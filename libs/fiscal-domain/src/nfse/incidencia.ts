import { incidenciaNoTomador, servicoNacional } from '../tabelas/lista-servicos-nacional';
import { codigoTributacaoNacional } from './nacional/montar-dps';

/**
 * Whether a service's ISS is due where the tomador is established rather than where the prestador is:
 * LC 116/2003 art. 3º moves labour supply (17.05) to the tomador's establishment, and the national service
 * list marks it so (ET, Anexo I v1.01 MUN.INCID_INFO.SERV.). Every provider then names the tomador's
 * municipality as where the ISS is due: the national system derives its cLocIncid from the DPS's tomador,
 * and an ABRASF RPS says it in MunicipioIncidencia. The services due where they are provided (LP) need a
 * place of provision the API does not take, and stay at the prestador's establishment.
 */
export function issDevidoNoTomador(codigoItemLista: string): boolean {
  const codigo = codigoTributacaoNacional(codigoItemLista);
  const servico = codigo ? servicoNacional(codigo) : null;
  return !!servico && incidenciaNoTomador(servico);
}
