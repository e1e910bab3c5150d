import { Controller, Get, Header, Inject } from '@nestjs/common';
import { clientConfig, type ClientConfig } from '@promptlib/proto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { ApiDoc } from '../common/api-doc.decorator';

/** What the browser needs before anyone signs in: whether Google sign-in is on, and the price ids. */
@Controller('api/config')
export class ClientConfigController {
  private readonly clientConfig: ClientConfig;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.clientConfig = {
      googleClientId: config.GOOGLE_CLIENT_ID ?? null,
      googleAuthUrl: config.GOOGLE_CLIENT_ID ? config.GOOGLE_AUTH_URL : null,
      prices: { monthly: config.STRIPE_PRICE_MONTHLY, annual: config.STRIPE_PRICE_ANNUAL },
    };
  }

  @Get()
  @ApiDoc({
    summary: 'What the browser needs before anyone signs in',
    tag: 'Account',
    response: clientConfig,
    errors: [],
  })
  @Header('Cache-Control', 'no-cache')
  get(): ClientConfig {
    return this.clientConfig;
  }
}
