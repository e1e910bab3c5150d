import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BILLING_CONFIG, type BillingConfig } from './billing-config';

@Global()
@Module({})
export class BillingConfigModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingConfigModule,
      providers: [{ provide: BILLING_CONFIG, useValue: config }],
      exports: [BILLING_CONFIG],
    };
  }
}
