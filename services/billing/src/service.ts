import type { ServiceDefinition } from '@promptlib/platform/service';
import { BillingModule } from './billing.module';
import { loadBillingConfig, type BillingConfig } from './config/billing-config';
import { migrations } from './migrations';

export const billingService: ServiceDefinition<BillingConfig> = {
  service: 'billing',
  loadConfig: loadBillingConfig,
  module: (config, logger) => BillingModule.forRoot(config, logger),
  migrations,
};
