import { Module } from '@nestjs/common';
import { CatalogoMunicipalController } from './catalogo.controller';
import { NotasNfseController } from './notas-nfse.controller';

/** Public NFS-e routes and the operator's municipal catalog. The gateway validates and relays; nfse-service decides. */
@Module({ controllers: [NotasNfseController, CatalogoMunicipalController] })
export class NfseModule {}
