import { Global, Module } from '@nestjs/common';
import { AuthClient } from './auth.client';
import { BillingClient } from './billing.client';
import { LibraryClient } from './library.client';
import { SharingClient } from './sharing.client';

/** The services' clients, shared by every API area so that no area imports another. */
@Global()
@Module({
  providers: [AuthClient, LibraryClient, SharingClient, BillingClient],
  exports: [AuthClient, LibraryClient, SharingClient, BillingClient],
})
export class ClientsModule {}
