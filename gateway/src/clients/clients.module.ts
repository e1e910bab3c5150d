import { Global, Module } from '@nestjs/common';
import { AuthClient } from './auth.client';
import { BillingClient } from './billing.client';
import { LibraryClient } from './library.client';

/** The services' clients, shared by every API area so that no area imports another. */
@Global()
@Module({
  providers: [AuthClient, LibraryClient, BillingClient],
  exports: [AuthClient, LibraryClient, BillingClient],
})
export class ClientsModule {}
