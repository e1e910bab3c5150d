import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { BillingController } from './billing.controller';

@Module({ imports: [SessionModule], controllers: [BillingController] })
export class BillingModule {}
