import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';
import { METRICS } from '@promptlib/platform';

/** Request duration by route pattern (never the raw path, which would explode the label space). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly duration: Histogram;

  constructor(@Inject(METRICS) registry: Registry) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const stop = this.duration.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      const label = route ? `${req.baseUrl}${route}` : req.path.startsWith('/api') ? 'unmatched' : 'web';
      stop({ method: req.method, route: label, status: String(res.statusCode) });
    });
    next();
  }
}
