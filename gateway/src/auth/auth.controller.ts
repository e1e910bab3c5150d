import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  done,
  registeredUserResponse,
  userResponse,
  type Done,
  type RegisteredUserResponse,
  type UserResponse,
} from '@promptlib/proto';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception';
import { validateBody } from '../common/validate-body';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';
import { ApiDoc } from '../openapi/api-doc.decorator';
import { RateLimits } from '../rate-limit/rate-limits';
import { SESSION_COOKIE, sessionCookieOptions } from '../session/session.middleware';
import { AuthClient } from './auth.client';
import { credentialsDto } from './dto/credentials.dto';
import { LoginGuard } from './login.guard';
import { NOT_SIGNED_IN } from './signed-in.guard';
import { logIn, sessionUserOf } from './session-user';
import { UserProfiles } from './user-profiles';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthClient,
    private readonly rateLimits: RateLimits,
    private readonly profiles: UserProfiles,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** 401 means "nobody is signed in", which the SPA treats as a normal state. */
  @Get('user')
  @ApiDoc({
    summary: 'The signed-in user',
    tag: 'Account',
    access: 'signed-in',
    response: userResponse,
    errors: [401, 503],
  })
  async user(@Req() req: Request): Promise<UserResponse> {
    const user = sessionUserOf(req);
    if (!user) throw new ApiException(401, 'UNAUTHENTICATED', NOT_SIGNED_IN);
    return { user: await this.profiles.apiUser(user, req.id) };
  }

  @Post('register')
  @ApiDoc({
    summary: 'Create an account and sign in',
    description: 'Answers the new user and their General category (null if the library was slow to answer).',
    tag: 'Account',
    access: 'public',
    body: credentialsDto,
    response: registeredUserResponse,
    errors: [400, 403, 409, 413, 415, 429, 503],
  })
  async register(@Req() req: Request, @Body() body: unknown): Promise<RegisteredUserResponse> {
    const credentials = validateBody(credentialsDto, body);
    await this.rateLimits.beforeRegister(req.ip ?? 'unknown');
    const user = await this.auth.register(credentials, req.id);
    await logIn(req, user);
    const [apiUser, initialCategory] = await Promise.all([
      this.profiles.apiUser(user, req.id),
      this.profiles.initialCategory(user.id, req.id),
    ]);
    return { user: apiUser, initialCategory };
  }

  @Post('login')
  @ApiDoc({
    summary: 'Sign in with username and password',
    tag: 'Account',
    access: 'public',
    body: credentialsDto,
    response: userResponse,
    errors: [400, 401, 403, 413, 415, 429, 503],
  })
  @HttpCode(200)
  @UseGuards(LoginGuard)
  async login(@Req() req: Request): Promise<UserResponse> {
    return { user: await this.profiles.apiUser(sessionUserOf(req)!, req.id) };
  }

  /** Ends the session everywhere: the Redis entry is destroyed, so an old copy of the cookie is dead too. */
  @Post('logout')
  @ApiDoc({
    summary: 'Sign out everywhere this session is used',
    tag: 'Account',
    access: 'public',
    response: done,
    errors: [403],
  })
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Done> {
    if (req.session) {
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((error) => (error ? reject(error) : resolve())),
      );
    }
    req.user = undefined;
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config));
    return { success: true };
  }
}
