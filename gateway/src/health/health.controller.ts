import { Controller, Get, Res } from '@nestjs/common';
import { Readiness, readinessReport } from '@promptlib/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ApiDoc } from '../common/api-doc.decorator';

/** Liveness and readiness on the traffic port, for load balancers that can only probe that one. */
@Controller('api')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /** A GET is answered before it gets here (answerLivenessFirst); this documents it and answers HEAD. */
  @Get('health')
  @ApiDoc({
    summary: 'Liveness: the process answers',
    tag: 'Operations',
    response: z.object({ status: z.literal('ok') }),
    errors: [],
  })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiDoc({
    summary: 'Readiness: Redis and NATS usable (503 with the same body when not)',
    tag: 'Operations',
    response: readinessReport,
    errors: [],
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.readiness.report();
    reply.status(report.ready ? 200 : 503);
    return report;
  }
}
