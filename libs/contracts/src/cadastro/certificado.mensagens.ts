/**
 * The request payloads of `certificado.ts` as class-validator classes, checked where the request
 * enters the registry (`ContextoRpcInterceptor`, libs/plataforma). Structural only: each class
 * implements its interface, so the shape stays defined once, there.
 */
import { CampoTexto } from '../comum/validacao';
import type { PedidoCertificado } from '../nfe/sefaz';
import type { CertificadoRecusado } from './certificado';

export class PedidoCertificadoMensagem implements PedidoCertificado {
  @CampoTexto() empresa_id!: string;
}

export class CertificadoRecusadoMensagem implements CertificadoRecusado {
  @CampoTexto() empresa_id!: string;
  @CampoTexto() versao!: string;
  @CampoTexto() motivo!: string;
}
