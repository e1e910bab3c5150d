import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import { authMessages, googleSignInResponse, type GoogleSignInResponse } from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthClient } from '../clients/auth.client';
import { ApiDoc } from '../common/api-doc.decorator';
import { ApiException } from '../common/api-exception';
import { setActingUser } from '../common/request-context';
import { validateBody } from '../common/validate-body';
import { RateLimits } from '../rate-limit/rate-limits';
import { Sessions } from '../session/sessions';
import { googleNonce, googleSignInDto, type GoogleNonce } from './dto/google-sign-in.dto';
import { GoogleNonces } from './google-nonces';
import { UserProfiles } from './user-profiles';

/**
 * Sign-in with Google: the browser first takes a nonce, which Google puts in the ID token it
 * signs; the token then signs the visitor in here once. Who they are comes from the token, which
 * the auth service verifies; the session is opened exactly as for a password sign-in.
 */
@Controller('api/google-auth')
export class GoogleAuthController {
  constructor(
    private readonly auth: AuthClient,
    private readonly nonces: GoogleNonces,
    private readonly rateLimits: RateLimits,
    private readonly profiles: UserProfiles,
    private readonly sessions: Sessions,
  ) {}

  @Post('nonce')
  @ApiDoc({
    summary: 'Start a Google sign-in: the nonce the ID token must carry',
    description: 'Kept for this browser (an HttpOnly cookie) for 10 minutes, and usable once.',
    tag: 'Account',
    response: googleNonce,
    errors: [403, 429, 503],
  })
  @HttpCode(200)
  async nonce(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GoogleNonce> {
    await this.rateLimits.beforeGoogleSignIn(req.ip);
    return { nonce: await this.nonces.issue(reply.raw) };
  }

  @Post()
  @ApiDoc({
    summary: 'Sign in with a Google ID token',
    description:
      'The token must be valid for this app and carry the nonce this browser was given; a new user also gets their General category.',
    tag: 'Account',
    body: googleSignInDto,
    response: googleSignInResponse,
    errors: [400, 401, 403, 413, 415, 429, 503],
  })
  @HttpCode(200)
  async signIn(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<GoogleSignInResponse> {
    const { idToken, googleId } = validateBody(googleSignInDto, body);
    await this.rateLimits.beforeGoogleSignIn(req.ip);
    const nonce = await this.nonces.take(req.headers, reply.raw);
    if (nonce === null) throw new ApiException(401, 'INVALID_CREDENTIALS', authMessages.googleRejected);
    const { user, created } = await this.auth.googleSignIn({ idToken, nonce, claimedSubject: googleId });
    await this.sessions.open(req, reply.raw, user);
    setActingUser(user.id);
    const apiUser = await this.profiles.apiUser(user);
    if (!created) return { user: apiUser };
    return { user: apiUser, initialCategory: await this.profiles.initialCategory(user.id) };
  }

  /** The browser's probe before signing in: answers that the call is there. */
  @Options()
  @ApiDoc({
    summary: 'Probe that Google sign-in is served',
    tag: 'Account',
    response: { contentType: 'text/plain', description: 'No content' },
    writesResponse: true,
    errors: [],
  })
  @HttpCode(204)
  probe(@Res() reply: FastifyReply): void {
    reply.status(204).send();
  }
}
