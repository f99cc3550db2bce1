import { Module } from '@nestjs/common';
import { NotasModule } from '../notas/notas.module';
import { ArmazenamentoDanfe } from './armazenamento-danfe';
import { carregarConfigDanfe, CONFIG_DANFE } from './config-danfe';
import { DanfeHandler } from './danfe.handler';
import { DanfeService } from './danfe.service';
import { NavegadorDanfe } from './navegador-danfe';
import { provedorRenderizador } from './renderizador.provider';

/** DANFE: the PDF of an authorized note, rendered by a warm Chromium and kept after the first render. */
@Module({
  imports: [NotasModule],
  controllers: [DanfeHandler],
  providers: [
    { provide: CONFIG_DANFE, useFactory: () => carregarConfigDanfe() },
    NavegadorDanfe,
    provedorRenderizador,
    ArmazenamentoDanfe,
    DanfeService,
  ],
})
export class DanfeModule {}
