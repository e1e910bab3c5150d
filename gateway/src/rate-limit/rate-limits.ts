import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@promptlib/platform';
import { commonMessages, type RateLimitedAction } from '@promptlib/proto';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiException } from '../common/api-exception';
import { deleteKeysStartingWith } from '../common/redis-keys';
import { clientKey } from './client-key';
import { GATEWAY_CONFIG, type GatewayConfig, type RateLimitRule } from '../config/gateway-config';

/** A sign-in attempt that was let through; given back when it was not a wrong password. */
export type LoginAttempt = { giveBack: () => Promise<void> };

/**
 * Counters live in Redis, so every gateway replica enforces one shared limit; a client is its
 * address, an IPv6 one by its /64 (see clientKey). Sign-in attempts
 * count per username (guessing one account's password) and per client address (trying many
 * accounts from one place). A browser that signed in as the user before counts under its own
 * allowance for that username instead of the shared one, so strangers spending the shared one do
 * not keep the owner out.
 */
@Injectable()
export class RateLimits {
  private readonly loginsPerUsername: RateLimiterRedis;
  private readonly loginsPerKnownDevice: RateLimiterRedis;
  private readonly loginsPerClient: RateLimiterRedis;
  private readonly registrationsPerClient: RateLimiterRedis;
  private readonly writesPerUser: RateLimiterRedis;
  private readonly importsPerUser: RateLimiterRedis;
  private readonly sharedReadsPerClient: RateLimiterRedis;
  private readonly googleSignInsPerClient: RateLimiterRedis;
  private readonly checkoutsPerUser: RateLimiterRedis;
  private readonly checkoutReadsPerUser: RateLimiterRedis;
  private readonly webhooksPerClient: RateLimiterRedis;
  private readonly newClients: RateLimiterRedis;
  private readonly requestsPerApiKey: RateLimiterRedis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    const limiter = (keyPrefix: string, rule: RateLimitRule) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points: rule.points,
        duration: rule.durationSeconds,
      });
    this.loginsPerUsername = limiter('rl:login-username', config.RATE_LIMIT_LOGIN_PER_USERNAME);
    this.loginsPerKnownDevice = limiter('rl:login-device', config.RATE_LIMIT_LOGIN_PER_USERNAME);
    this.loginsPerClient = limiter('rl:login-client', config.RATE_LIMIT_LOGIN_PER_CLIENT);
    this.registrationsPerClient = limiter('rl:register-client', config.RATE_LIMIT_REGISTER_PER_CLIENT);
    this.writesPerUser = limiter('rl:writes-user', config.RATE_LIMIT_WRITES_PER_USER);
    this.importsPerUser = limiter('rl:imports-user', config.RATE_LIMIT_IMPORTS_PER_USER);
    this.sharedReadsPerClient = limiter('rl:shared-client', config.RATE_LIMIT_SHARED_READS_PER_CLIENT);
    this.googleSignInsPerClient = limiter('rl:google-client', config.RATE_LIMIT_GOOGLE_AUTH_PER_CLIENT);
    this.checkoutsPerUser = limiter('rl:checkouts-user', config.RATE_LIMIT_CHECKOUTS_PER_USER);
    this.checkoutReadsPerUser = limiter('rl:checkout-reads-user', config.RATE_LIMIT_CHECKOUT_READS_PER_USER);
    this.webhooksPerClient = limiter('rl:webhooks-client', config.RATE_LIMIT_WEBHOOKS_PER_CLIENT);
    this.newClients = limiter('rl:new-clients', config.RATE_LIMIT_NEW_CLIENTS);
    this.requestsPerApiKey = limiter('rl:api-key', config.RATE_LIMIT_REQUESTS_PER_API_KEY);
  }

  /**
   * A per-client limit for an anonymous client: a client the limit has not counted yet must first
   * fit the global allowance of new clients (RATE_LIMIT_NEW_CLIENTS), so however many addresses a
   * flood comes from, what it makes Redis store is bounded. Its refusal names the action, as the
   * client's own limit would.
   */
  private async perClient(
    limiter: RateLimiterRedis,
    client: string,
    action: RateLimitedAction,
  ): Promise<void> {
    const key = clientKey(client);
    const counted = await storeCall(() => limiter.get(key));
    if (!counted) await consume(this.newClients, 'all', action);
    await consume(limiter, key, action);
  }

  /**
   * Before checking a password: takes one attempt from the client's allowance and the username's
   * (or, for a known device, that device's for the username). Taking is one atomic step in Redis,
   * so parallel guesses cannot all pass a check made before any of them is counted.
   */
  async beforeLogin(client: string, usernameKey: string, knownDeviceTag?: string): Promise<LoginAttempt> {
    await this.perClient(this.loginsPerClient, client, 'login');
    const [limiter, key] = knownDeviceTag
      ? [this.loginsPerKnownDevice, `${usernameKey}:${knownDeviceTag}`]
      : [this.loginsPerUsername, usernameKey];
    await consume(limiter, key, 'login');
    return { giveBack: () => storeCall(() => limiter.reward(key, 1)).then(() => undefined) };
  }

  async beforeRegister(client: string): Promise<void> {
    await this.perClient(this.registrationsPerClient, client, 'signUp');
  }

  async beforeWrite(userId: number): Promise<void> {
    await consume(this.writesPerUser, String(userId), 'write');
  }

  /** A page of an import: many prompts in one call, so counted apart from single changes. */
  async beforeImport(userId: number): Promise<void> {
    await consume(this.importsPerUser, String(userId), 'import');
  }

  /** Each Google sign-in step (a nonce, a token) counts per client address. */
  async beforeGoogleSignIn(client: string): Promise<void> {
    await this.perClient(this.googleSignInsPerClient, client, 'googleSignIn');
  }

  /** Each checkout started costs Stripe calls: counted apart from other changes. */
  async beforeCheckout(userId: number): Promise<void> {
    await consume(this.checkoutsPerUser, String(userId), 'checkout');
  }

  /** A read of a checkout's state may read Stripe, whose rate limit every user shares. */
  async beforeCheckoutRead(userId: number): Promise<void> {
    await consume(this.checkoutReadsPerUser, String(userId), 'checkoutRead');
  }

  /** Webhooks need no session: limited per sending address before billing sees them. */
  async beforeWebhook(client: string): Promise<void> {
    await this.perClient(this.webhooksPerClient, client, 'webhook');
  }

  /** Every request a program makes with a key counts against that key, besides the user's limits. */
  async beforeApiKeyRequest(keyId: number): Promise<void> {
    await consume(this.requestsPerApiKey, String(keyId), 'apiKey');
  }

  /**
   * A deleted account's counters, so nothing of it stays in Redis: those kept under its id, its
   * name's, and each known device's for its name (found by their common start, as only each device
   * knows its tag).
   */
  async forgetUser(userId: number, usernameKey: string): Promise<void> {
    const id = String(userId);
    await storeCall(() =>
      Promise.all([
        this.writesPerUser.delete(id),
        this.importsPerUser.delete(id),
        this.checkoutsPerUser.delete(id),
        this.checkoutReadsPerUser.delete(id),
        this.loginsPerUsername.delete(usernameKey),
      ]),
    );
    await deleteKeysStartingWith(this.redis, `rl:login-device:${usernameKey}:`);
  }

  /** A deleted key's counter. */
  async forgetApiKey(keyId: number): Promise<void> {
    await storeCall(() => this.requestsPerApiKey.delete(String(keyId)));
  }

  /** Public links need no session, so their reads are limited per client instead. */
  async beforeSharedRead(client: string): Promise<void> {
    await this.perClient(this.sharedReadsPerClient, client, 'sharedRead');
  }
}

// What each limit counts, as its 429 says it.
const counted: Record<RateLimitedAction, string> = {
  login: 'login attempts',
  signUp: 'sign-ups',
  googleSignIn: 'Google sign-in attempts',
  write: 'changes in a short time',
  import: 'import pages in a short time',
  sharedRead: 'requests for shared prompts',
  checkout: 'checkouts started',
  checkoutRead: 'checks of a checkout',
  webhook: 'webhook deliveries',
  apiKey: 'requests with this API key',
};

async function consume(limiter: RateLimiterRedis, key: string, action: RateLimitedAction): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(action, rejection.msBeforeNext);
    throw unavailable(rejection);
  }
}

function tooMany(action: RateLimitedAction, msBeforeNext: number): ApiException {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new ApiException(
    429,
    'RATE_LIMITED',
    `Too many ${counted[action]}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    {
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
      params: { action, retryAfterMinutes: minutes },
    },
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
  return new ApiException(503, 'SERVICE_UNAVAILABLE', commonMessages.unavailable, undefined, { cause });
}
