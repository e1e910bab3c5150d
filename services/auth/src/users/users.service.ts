import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, METRICS, OutboxRelay, serviceError, writeOutbox } from '@promptlib/platform';
import {
  authMessages,
  eventSubjects,
  type AuthUser,
  type GetUserRequest,
  type RegisterRequest,
  type VerifyPasswordRequest,
  usernameKey,
} from '@promptlib/proto';
import { Counter, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { normalizeUsername, registrationProblems, usernameProblem } from './credential-rules';
import { PasswordHasher } from './password-hasher';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  // What the gateway's sign-in limits hold down: each one costs an argon2 hash.
  private readonly passwordChecks: Counter;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxRelay,
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
    let user: UserEntity;
    try {
      user = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(
          manager.create(UserEntity, { username, usernameKey: usernameKey(username), passwordHash }),
        );
        await writeOutbox(manager, eventSubjects.userRegistered, {
          userId: created.id,
          username: created.username,
        });
        return created;
      });
    } catch (error) {
      // Two registrations of one name can both pass the check above; the unique index decides.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw usernameTaken();
      throw error;
    }
    this.outbox.notify();
    return toAuthUser(user);
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
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: request.userId });
    if (!user) throw serviceError('NOT_FOUND', authMessages.userNotFound);
    return toAuthUser(user);
  }

  private findByUsername(username: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ usernameKey: usernameKey(username) });
  }
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
