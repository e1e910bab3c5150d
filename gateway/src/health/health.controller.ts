import { Controller, Get, Res } from '@nestjs/common';
import { Readiness } from '@promptlib/platform';
import type { Response } from 'express';

/** Liveness and readiness on the traffic port, for load balancers that can only probe that one. */
@Controller('api')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.readiness.report();
    res.status(report.ready ? 200 : 503);
    return report;
  }
}
