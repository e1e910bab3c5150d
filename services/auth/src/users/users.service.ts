import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, OutboxRelay, serviceError, writeOutbox } from '@promptlib/platform';
import {
  authMessages,
  eventSubjects,
  type AuthUser,
  type GetUserRequest,
  type RegisterRequest,
  type VerifyPasswordRequest,
} from '@promptlib/proto';
import type { DataSource } from 'typeorm';
import { normalizeUsername, registrationProblems, usernameProblem } from './credential-rules';
import { PasswordHasher } from './password-hasher';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxRelay,
  ) {}

  async register(request: RegisterRequest): Promise<AuthUser> {
    const username = normalizeUsername(request.username);
    const problems = registrationProblems(username, request.password);
    if (problems) throw serviceError('VALIDATION_FAILED', Object.values(problems)[0], problems);
    if (await this.findByUsername(username)) throw usernameTaken();

    const passwordHash = await this.hasher.hash(request.password);
    let user: UserEntity;
    try {
      user = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(manager.create(UserEntity, { username, passwordHash }));
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
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('account')
      .where('lower(account.username) = lower(:username)', { username })
      .getOne();
  }
}

function usernameTaken() {
  return serviceError('USERNAME_TAKEN', authMessages.usernameTaken, { username: authMessages.usernameTaken });
}

export function toAuthUser(user: UserEntity): AuthUser {
  return user.photoUrl
    ? { id: user.id, username: user.username, photoURL: user.photoUrl }
    : { id: user.id, username: user.username };
}
