import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiException } from '../common/api-exception';
import { GATEWAY_CONFIG, type GatewayConfig, type RateLimitRule } from '../config/gateway-config';

/**
 * Counters live in Redis, so every gateway replica enforces one shared limit. Failed logins count
 * per username (guessing one account's password) and every login counts per client address
 * (trying many accounts from one place).
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresPerUsername: RateLimiterRedis;
  private readonly loginsPerClient: RateLimiterRedis;
  private readonly registrationsPerClient: RateLimiterRedis;
  private readonly writesPerUser: RateLimiterRedis;
  private readonly sharedReadsPerClient: RateLimiterRedis;
  private readonly googleSignInsPerClient: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (keyPrefix: string, rule: RateLimitRule) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points: rule.points,
        duration: rule.durationSeconds,
      });
    this.loginFailuresPerUsername = limiter('rl:login-username', config.RATE_LIMIT_LOGIN_PER_USERNAME);
    this.loginsPerClient = limiter('rl:login-client', config.RATE_LIMIT_LOGIN_PER_CLIENT);
    this.registrationsPerClient = limiter('rl:register-client', config.RATE_LIMIT_REGISTER_PER_CLIENT);
    this.writesPerUser = limiter('rl:writes-user', config.RATE_LIMIT_WRITES_PER_USER);
    this.sharedReadsPerClient = limiter('rl:shared-client', config.RATE_LIMIT_SHARED_READS_PER_CLIENT);
    this.googleSignInsPerClient = limiter('rl:google-client', config.RATE_LIMIT_GOOGLE_AUTH_PER_CLIENT);
  }

  /** Before checking a password: refuses a blocked username or a client over its attempts. */
  async beforeLogin(client: string, username: string): Promise<void> {
    const failures = await storeCall(() => this.loginFailuresPerUsername.get(usernameKey(username)));
    if (failures && failures.remainingPoints <= 0) throw tooMany('login attempts', failures.msBeforeNext);
    await consume(this.loginsPerClient, client, 'login attempts');
  }

  async loginFailed(username: string): Promise<void> {
    await storeCall(() => this.loginFailuresPerUsername.penalty(usernameKey(username), 1));
  }

  async loginSucceeded(username: string): Promise<void> {
    await storeCall(() => this.loginFailuresPerUsername.delete(usernameKey(username)));
  }

  async beforeRegister(client: string): Promise<void> {
    await consume(this.registrationsPerClient, client, 'sign-ups');
  }

  async beforeWrite(userId: number): Promise<void> {
    await consume(this.writesPerUser, String(userId), 'changes in a short time');
  }

  /** Each Google sign-in step (a nonce, a token) counts per client address. */
  async beforeGoogleSignIn(client: string): Promise<void> {
    await consume(this.googleSignInsPerClient, client, 'Google sign-in attempts');
  }

  /** Public links need no session, so their reads are limited per client instead. */
  async beforeSharedRead(client: string): Promise<void> {
    await consume(this.sharedReadsPerClient, client, 'requests for shared prompts');
  }
}

function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

async function consume(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(what, rejection.msBeforeNext);
    throw unavailable(rejection);
  }
}

function tooMany(what: string, msBeforeNext: number): ApiException {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new ApiException(
    429,
    'RATE_LIMITED',
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) },
  );
}

// Without its counters the gateway cannot tell an attacker from a user, so it refuses rather than guess.
async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(error);
  }
}

function unavailable(cause: unknown): ApiException {
  return new ApiException(
    503,
    'SERVICE_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again in a moment.',
    undefined,
    { cause },
  );
}
