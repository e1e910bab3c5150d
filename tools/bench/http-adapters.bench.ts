import 'reflect-metadata';
import {
  Controller,
  Get,
  Injectable,
  Module,
  type MiddlewareConsumer,
  type NestModule,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { envNumber, machineLine } from './bench-run';
import { byPid, cpuSnapshot, cpuSpent } from './cpu-meter';
import { runLoad } from './load';

/**
 * The gateway's HTTP framework cost, Express against Fastify: the same Nest application (one JSON
 * route, as many other routes and pass-through middlewares as the gateway has) on each adapter,
 * each in a process of its own, loaded in turn; prints requests/s and the server's CPU per request.
 *
 *   npm run bench:http-adapters      (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS)
 */
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const SECONDS = envNumber('BENCH_SECONDS', 8);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const OTHER_ROUTES = 30;
const ADAPTERS = ['express', 'fastify'] as const;
type AdapterName = (typeof ADAPTERS)[number];

@Controller('api/config')
class ConfigController {
  @Get()
  get() {
    return { googleClientId: null, prices: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' } };
  }
}

const otherControllers: Type[] = Array.from({ length: OTHER_ROUTES }, (_, index) => {
  @Controller(`api/other-${index}/:id`)
  class OtherController {
    @Get()
    get() {
      return {};
    }
  }
  return OtherController;
});

@Injectable()
class PassThrough {
  use(_req: unknown, _res: unknown, next: () => void): void {
    next();
  }
}

@Module({ controllers: [...otherControllers, ConfigController] })
class BenchModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // As many as the gateway registers: metrics, CSRF, body, session, request context.
    consumer.apply(PassThrough, PassThrough, PassThrough, PassThrough, PassThrough).forRoutes('{*path}');
  }
}

async function serve(adapter: AdapterName): Promise<void> {
  const app =
    adapter === 'fastify'
      ? await NestFactory.create(BenchModule, new FastifyAdapter(), { logger: false })
      : await NestFactory.create(BenchModule, { logger: false, bodyParser: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  process.send?.({ port: address.port });
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}

async function start(adapter: AdapterName): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(__filename, ['serve', adapter]);
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return { child, url: `http://127.0.0.1:${message.port}/api/config` };
}

async function main(): Promise<void> {
  console.log(`HTTP adapters benchmark — ${machineLine()}`);
  console.log(
    `One JSON route of a Nest app with ${OTHER_ROUTES} other routes and 5 pass-through middlewares; ` +
      `autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per adapter, in turn.\n`,
  );
  const servers = await Promise.all(ADAPTERS.map(start));
  const totals = ADAPTERS.map(() => ({ requests: 0, seconds: 0, cpu: 0 }));
  try {
    for (const [index, server] of servers.entries()) {
      await runLoad({ name: ADAPTERS[index], url: server.url, headers: {} }, CONNECTIONS, 3);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, server] of servers.entries()) {
        const group = [byPid(ADAPTERS[index], () => server.child.pid)];
        const before = cpuSnapshot(group);
        const result = await runLoad(
          { name: ADAPTERS[index], url: server.url, headers: {} },
          CONNECTIONS,
          SECONDS,
        );
        totals[index].cpu += cpuSpent(before, cpuSnapshot(group)).get(ADAPTERS[index]) ?? 0;
        totals[index].requests += result.ok;
        totals[index].seconds += result.seconds;
      }
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
  }
  const perRequest = totals.map((total) => (total.cpu * 1e6) / total.requests);
  for (const [index, total] of totals.entries()) {
    console.log(
      `${ADAPTERS[index].padEnd(8)} ${(total.requests / total.seconds).toFixed(0).padStart(6)} req/s, ` +
        `server CPU ${perRequest[index].toFixed(0)} µs per request`,
    );
  }
  console.log(`cpu-per-request fastify/express ${(perRequest[1] / perRequest[0]).toFixed(2)}`);
}

if (process.argv[2] === 'serve') void serve(process.argv[3] as AdapterName);
else void main().then(() => process.exit(0));
