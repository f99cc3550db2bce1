import { RenderizadorDanfe } from './renderizacao/renderizador-danfe';
import { NavegadorDanfe } from './navegador-danfe';

/** One renderer (template compiled once) over the app's browser pool. */
export const provedorRenderizador = {
  provide: RenderizadorDanfe,
  useFactory: (pool: NavegadorDanfe) => new RenderizadorDanfe(pool),
  inject: [NavegadorDanfe],
};
