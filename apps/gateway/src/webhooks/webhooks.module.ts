import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';

/** Public webhook routes. The gateway validates and relays; webhook-dispatcher decides. */
@Module({ controllers: [WebhooksController] })
export class WebhooksModule {}
