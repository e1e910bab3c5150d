import { Inject, Injectable } from '@nestjs/common';
import { METRICS, serviceError, notFound } from '@promptlib/platform';
import { isUniqueViolation } from '@promptlib/platform/service';
import {
  authMessages,
  eventSubjects,
  type AccountDetails,
  type AuthUser,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type DeletedAccount,
  type Done,
  type GetUserRequest,
  type RegisterRequest,
  type VerifyPasswordRequest,
  usernameKey,
} from '@promptlib/proto';
import { Counter, type Registry } from 'prom-client';
import { AUTH_DATA, type AuthData } from '../auth-data';
import {
  normalizeUsername,
  passwordProblem,
  registrationProblems,
  usernameProblem,
} from './credential-rules';
import { PasswordHasher, type PasswordHashing } from './password-hasher';
import type { UserEntity } from './user.entity';

@Injectable()
export class UsersService {
  // What the gateway's sign-in limits hold down: each one costs an argon2 hash.
  private readonly passwordChecks: Counter;

  constructor(
    @Inject(AUTH_DATA) private readonly data: AuthData,
    @Inject(PasswordHasher) private readonly hasher: PasswordHashing,
    @Inject(METRICS) registry: Registry,
  ) {
    this.passwordChecks = new Counter({
      name: 'auth_password_verifications_total',
      help: 'Passwords checked against a stored hash (sign-in attempts that reached the auth service)',
      registers: [registry],
    });
  }

  async register(request: RegisterRequest): Promise<AuthUser> {
    const username = normalizeUsername(request.username);
    const problems = registrationProblems(username, request.password);
    if (problems) throw serviceError('VALIDATION_FAILED', Object.values(problems)[0]!.message, problems);
    if (await this.findByUsername(username)) throw usernameTaken();

    const passwordHash = await this.hasher.hash(request.password);
    try {
      const user = await this.data.transaction(async (tx) => {
        const created = await tx.users.insert({
          username,
          usernameKey: usernameKey(username),
          passwordHash,
          googleSubject: null,
          photoUrl: null,
        });
        await tx.outbox.add(eventSubjects.userRegistered, { userId: created.id, username: created.username });
        return created;
      });
      return toAuthUser(user);
    } catch (error) {
      // Two registrations of one name can both pass the check above; the unique index decides.
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** Unknown user and wrong password are one answer, after the same work, so neither can be told apart. */
  async verifyPassword(request: VerifyPasswordRequest): Promise<AuthUser> {
    const username = normalizeUsername(request.username);
    const user = usernameProblem(username) === null ? await this.findByUsername(username) : null;
    this.passwordChecks.inc();
    const valid = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !valid) throw serviceError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
    return toAuthUser(user);
  }

  async get(request: GetUserRequest): Promise<AuthUser> {
    return toAuthUser(await this.existing(request.userId));
  }

  async account(request: GetUserRequest): Promise<AccountDetails> {
    const user = await this.existing(request.userId);
    return {
      id: user.id,
      username: user.username,
      signsInWithPassword: user.passwordHash !== null,
      signsInWithGoogle: user.googleSubject !== null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  /**
   * A new password under sign-up's rules, given the current one: a session alone (left open on a
   * shared computer, say) cannot take the account over. A user without a password (Google only)
   * has no current one to give. The new password is checked first, so a refused one costs no hash.
   */
  async changePassword(request: ChangePasswordRequest): Promise<Done> {
    const problem = passwordProblem(request.newPassword);
    if (problem) {
      throw serviceError('VALIDATION_FAILED', problem.message, { newPassword: problem });
    }
    const user = await this.existing(request.userId);
    this.passwordChecks.inc();
    const valid = await this.hasher.verify(user.passwordHash, request.currentPassword);
    if (!valid || user.passwordHash === null) throw wrongCurrentPassword();
    const passwordHash = await this.hasher.hash(request.newPassword);
    const replaced = await this.data.direct.users.replacePasswordHash(
      user.id,
      user.passwordHash,
      passwordHash,
    );
    // Another change won meanwhile: the password given is no longer the current one.
    if (!replaced) throw wrongCurrentPassword();
    return { success: true };
  }

  /**
   * Deletes the account: confirmed by the user's name as it is spelled (surrounding spaces aside)
   * and, when the account has a password, by the password. The user and their keys go in one
   * transaction with user.deleted, from which every other service deletes what it holds of them;
   * the name is free again at once.
   */
  async deleteAccount(request: DeleteAccountRequest): Promise<DeletedAccount> {
    const user = await this.existing(request.userId);
    if (normalizeUsername(request.confirmUsername) !== user.username) {
      throw serviceError('VALIDATION_FAILED', authMessages.confirmUsernameMismatch, {
        confirmUsername: { rule: 'invalid', message: authMessages.confirmUsernameMismatch },
      });
    }
    if (user.passwordHash !== null) {
      this.passwordChecks.inc();
      const valid = await this.hasher.verify(user.passwordHash, request.password ?? '');
      if (!valid) {
        throw serviceError('VALIDATION_FAILED', authMessages.wrongPassword, {
          password: { rule: 'incorrect', message: authMessages.wrongPassword },
        });
      }
    }
    return this.data.transaction(async (tx) => {
      const apiKeys = await tx.apiKeys.deleteAllOf(user.id);
      // Deleted meanwhile by another request: that one announced it.
      if (!(await tx.users.delete(user.id))) throw notFound('user');
      await tx.outbox.add(eventSubjects.userDeleted, { userId: user.id });
      return { apiKeys };
    });
  }

  private async existing(userId: number): Promise<UserEntity> {
    const user = await this.data.direct.users.findById(userId);
    if (!user) throw notFound('user');
    return user;
  }

  private findByUsername(username: string): Promise<UserEntity | null> {
    return this.data.direct.users.findByUsernameKey(usernameKey(username));
  }
}

function wrongCurrentPassword() {
  return serviceError('VALIDATION_FAILED', authMessages.wrongCurrentPassword, {
    currentPassword: { rule: 'incorrect', message: authMessages.wrongCurrentPassword },
  });
}

function usernameTaken() {
  return serviceError('USERNAME_TAKEN', authMessages.usernameTaken, {
    username: { rule: 'taken', message: authMessages.usernameTaken },
  });
}

export function toAuthUser(user: UserEntity): AuthUser {
  return user.photoUrl
    ? { id: user.id, username: user.username, photoURL: user.photoUrl }
    : { id: user.id, username: user.username };
}
