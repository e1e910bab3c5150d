import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ServiceCallError } from '@promptlib/platform';
import {
  done,
  usernameKey,
  registeredUserResponse,
  userResponse,
  type Done,
  type RegisteredUserResponse,
  type UserResponse,
} from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthClient } from '../clients/auth.client';
import { setActingUser } from '../common/request-context';
import { validateBody } from '../common/validate-body';
import { ApiDoc } from '../common/api-doc.decorator';
import { RateLimits } from '../rate-limit/rate-limits';
import { sessionUserOf, type SessionUser } from '../session/session-user';
import { Sessions } from '../session/sessions';
import { SignedIn } from '../session/signed-in.decorator';
import { credentialsDto } from './dto/credentials.dto';
import { KnownDevices } from './known-devices';
import { UserProfiles } from './user-profiles';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthClient,
    private readonly rateLimits: RateLimits,
    private readonly profiles: UserProfiles,
    private readonly sessions: Sessions,
    private readonly devices: KnownDevices,
  ) {}

  /** 401 means "nobody is signed in", which the SPA treats as a normal state. */
  @Get('user')
  @ApiDoc({
    summary: 'The signed-in user',
    tag: 'Account',
    response: userResponse,
    errors: [401, 503],
  })
  @SignedIn()
  async user(@Req() req: FastifyRequest): Promise<UserResponse> {
    return { user: await this.profiles.apiUser(sessionUserOf(req)!) };
  }

  @Post('register')
  @ApiDoc({
    summary: 'Create an account and sign in',
    description: 'Answers the new user and their General category (null if the library was slow to answer).',
    tag: 'Account',
    body: credentialsDto,
    response: registeredUserResponse,
    errors: [400, 403, 409, 413, 415, 429, 503],
  })
  async register(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<RegisteredUserResponse> {
    const credentials = validateBody(credentialsDto, body);
    await this.rateLimits.beforeRegister(req.ip);
    const user = await this.auth.register(credentials);
    await this.signIn(req, reply, user);
    this.devices.remember(req.headers, reply.raw, usernameKey(user.username));
    const [apiUser, initialCategory] = await Promise.all([
      this.profiles.apiUser(user),
      this.profiles.initialCategory(user.id),
    ]);
    return { user: apiUser, initialCategory };
  }

  @Post('login')
  @ApiDoc({
    summary: 'Sign in with username and password',
    tag: 'Account',
    body: credentialsDto,
    response: userResponse,
    errors: [400, 401, 403, 413, 415, 429, 503],
  })
  @HttpCode(200)
  async login(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<UserResponse> {
    // In the order that matters: shape (400), rate limits (429), the password (401 or 503).
    const credentials = validateBody(credentialsDto, body);
    const key = usernameKey(credentials.username);
    const attempt = await this.rateLimits.beforeLogin(req.ip, key, this.devices.tagFor(req.headers, key));
    let user: SessionUser;
    try {
      user = await this.auth.verifyPassword(credentials);
    } catch (error) {
      // Only a wrong password keeps its attempt counted; an outage is nobody's guess.
      const wrongPassword = error instanceof ServiceCallError && error.error.code === 'INVALID_CREDENTIALS';
      if (!wrongPassword) await attempt.giveBack().catch(() => undefined);
      throw error;
    }
    await attempt.giveBack();
    await this.signIn(req, reply, user);
    this.devices.remember(req.headers, reply.raw, key);
    return { user: await this.profiles.apiUser(user) };
  }

  /** Ends the session everywhere: the Redis entry is destroyed, so an old copy of the cookie is dead too. */
  @Post('logout')
  @ApiDoc({
    summary: 'Sign out everywhere this session is used',
    tag: 'Account',
    response: done,
    errors: [403],
  })
  @HttpCode(200)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Done> {
    await this.sessions.close(req, reply.raw);
    return { success: true };
  }

  /** A new session id for the signed-in user (never the one the browser had before). */
  private async signIn(req: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void> {
    await this.sessions.open(req, reply.raw, user);
    setActingUser(user.id);
  }
}
