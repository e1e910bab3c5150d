import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ServiceCallError } from '@promptlib/platform';
import { Readable } from 'node:stream';
import {
  accountDetails,
  accountExport,
  done,
  endedSessions,
  sessionSummary,
  usernameKey,
  type AccountDetails,
  type FieldRule,
  type Done,
  type EndedSessions,
  type SessionSummary,
} from '@promptlib/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { KnownDevices } from '../auth/known-devices';
import { CheckoutStateCache } from '../billing/checkout-state-cache';
import { AuthClient } from '../clients/auth.client';
import { notFoundException } from '../common/api-exception';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { validateBody } from '../common/validate-body';
import { RateLimits } from '../rate-limit/rate-limits';
import { CurrentUserId } from '../session/current-user.decorator';
import { sessionUserOf } from '../session/session-user';
import { Sessions } from '../session/sessions';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { changePasswordDto, deleteAccountDto } from './dto/account.dto';
import { AccountExporter } from './account-export';
import { sessionSummaries } from './session-summaries';

// A public session id is a 22-character base64url digest; anything else names no session.
const PUBLIC_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** The signed-in user's own account: how they sign in, their password, where they are signed in. */
@Controller('api/user')
export class AccountController {
  constructor(
    private readonly auth: AuthClient,
    private readonly sessions: Sessions,
    private readonly rateLimits: RateLimits,
    private readonly devices: KnownDevices,
    private readonly exporter: AccountExporter,
    private readonly verifier: ApiKeyVerifier,
    private readonly checkoutStates: CheckoutStateCache,
  ) {}

  @Get('account')
  @SignedIn()
  @ApiDoc({
    summary: 'The user’s account: name, how they sign in, since when',
    tag: 'Account',
    response: accountDetails,
    errors: errorsOf.read,
  })
  account(@CurrentUserId() userId: number): Promise<AccountDetails> {
    return this.auth.account(userId);
  }

  /**
   * Counted against the sign-in limits of the user's name, as a sign-in is, so a borrowed session
   * cannot be used to guess the password. Every other session ends; this one goes on under a new id.
   */
  @Post('password')
  @HttpCode(200)
  @SignedInWrite()
  @ApiDoc({
    summary: 'Change the password',
    description:
      'Needs the current password (400 with `rules.currentPassword: incorrect` when wrong); the new one ' +
      'follows sign-up’s rules. Every other session of the user ends; this one continues.',
    tag: 'Account',
    body: changePasswordDto,
    response: done,
    errors: errorsOf.write,
  })
  async changePassword(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<Done> {
    const { currentPassword, newPassword } = validateBody(changePasswordDto, body);
    const user = sessionUserOf(req)!;
    await this.asSignInAttempt(
      req,
      () => this.auth.changePassword({ userId: user.id, currentPassword, newPassword }),
      { currentPassword: 'incorrect' },
    );
    await this.sessions.endOthers(user.id, req.sessionId);
    await this.sessions.open(req, reply.raw, user);
    return { success: true };
  }

  /**
   * Deletes the account everywhere: auth removes the user and their keys and announces it, every
   * other service deletes its own from that event (billing cancels any subscription at once). This
   * gateway forgets the keys and the user's counters and ends every session, this one too.
   * Confirmation failures count against the sign-in limits of the name, as a sign-in does.
   */
  @Delete()
  @HttpCode(200)
  @SignedInWrite()
  @ApiDoc({
    summary: 'Delete the account and everything of it',
    description:
      'Confirmed by `confirmUsername`, the username as it is shown, and `password` for an account ' +
      'with one (400 with `rules.confirmUsername: invalid` or `rules.password: incorrect`). The ' +
      'username is free again at once; share links answer 404; a running subscription is cancelled.',
    tag: 'Account',
    body: deleteAccountDto,
    response: done,
    errors: errorsOf.write,
  })
  async deleteAccount(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<Done> {
    const { confirmUsername, password } = validateBody(deleteAccountDto, body);
    const user = sessionUserOf(req)!;
    const deleted = await this.asSignInAttempt(
      req,
      () => this.auth.deleteAccount({ userId: user.id, confirmUsername, password }),
      { password: 'incorrect', confirmUsername: 'invalid' },
    );
    await this.sessions.endOthers(user.id, req.sessionId);
    await this.sessions.close(req, reply.raw);
    await Promise.all([
      ...deleted.apiKeys.flatMap(({ id, hash }) => [
        this.verifier.forget(hash),
        this.rateLimits.forgetApiKey(id),
      ]),
      this.rateLimits.forgetUser(user.id, usernameKey(user.username)),
      this.checkoutStates.forgetUser(user.id),
    ]);
    return { success: true };
  }

  /**
   * Runs `call` as a sign-in attempt of the user's name, so a borrowed session cannot be used to
   * guess the password: a refusal for one of `wrong` (field → rule) keeps the attempt counted,
   * any other outcome gives it back.
   */
  private async asSignInAttempt<T>(
    req: FastifyRequest,
    call: () => Promise<T>,
    wrong: Record<string, FieldRule>,
  ): Promise<T> {
    const key = usernameKey(sessionUserOf(req)!.username);
    const attempt = await this.rateLimits.beforeLogin(req.ip, key, this.devices.tagFor(req.headers, key));
    let result: T;
    try {
      result = await call();
    } catch (error) {
      const rules = error instanceof ServiceCallError ? (error.error.rules ?? {}) : {};
      const refused = Object.entries(wrong).some(([field, rule]) => rules[field] === rule);
      if (!refused) await attempt.giveBack().catch(() => undefined);
      throw error;
    }
    await attempt.giveBack();
    return result;
  }

  @Get('sessions')
  @SignedIn()
  @ApiDoc({
    summary: 'Where the user is signed in',
    description: 'This session first, then by last activity (noted to the minute).',
    tag: 'Account',
    response: sessionSummary.array(),
    errors: errorsOf.read,
  })
  async listSessions(@Req() req: FastifyRequest, @CurrentUserId() userId: number): Promise<SessionSummary[]> {
    return sessionSummaries(await this.sessions.list(userId, req.sessionId));
  }

  @Get('export')
  @SignedIn()
  @ApiDoc({
    summary: 'Download everything held about the user, as one JSON file',
    description:
      'The account, sessions, API keys (never a key itself), categories, tags, share links with ' +
      'their views, subscriptions, every prompt with its tags and every version of each. Written as ' +
      'it is read, so a large library streams; an attachment named prompt-library-account-<date>.json.',
    tag: 'Account',
    response: accountExport,
    writesResponse: true,
    errors: errorsOf.read,
  })
  async export(
    @Req() req: FastifyRequest,
    @CurrentUserId() userId: number,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const body = await this.exporter.open(userId, req.sessionId);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="prompt-library-account-${day}.json"`)
      .header('Cache-Control', 'no-store');
    await reply.send(Readable.from(body));
  }

  @Post('sessions/end-others')
  @HttpCode(200)
  @SignedInWrite()
  @ApiDoc({
    summary: 'Sign out everywhere else',
    description: 'Ends every session of the user but this one: their cookies are refused from now on.',
    tag: 'Account',
    response: endedSessions,
    errors: [401, 403, 429, 503],
  })
  async endOtherSessions(
    @Req() req: FastifyRequest,
    @CurrentUserId() userId: number,
  ): Promise<EndedSessions> {
    return { ended: await this.sessions.endOthers(userId, req.sessionId) };
  }

  @Delete('sessions/:id')
  @SignedInWrite()
  @ApiDoc({
    summary: 'End one session',
    description: 'Its cookie is refused from now on. Ending this session signs this browser out.',
    tag: 'Account',
    response: done,
    errors: errorsOf.itemAction,
  })
  async endSession(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUserId() userId: number,
    @Param('id') id: string,
  ): Promise<Done> {
    const ended = PUBLIC_SESSION_ID.test(id) && (await this.sessions.end(req, reply.raw, userId, id));
    if (!ended) throw notFoundException('session');
    return { success: true };
  }
}
