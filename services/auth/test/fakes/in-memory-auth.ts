import { uniqueViolation } from '@promptlib/platform';
import { InMemoryUnitOfWork } from '@promptlib/platform/testing/services';
import type { AuthRepositories } from '../../src/auth-data';
import {
  IdTokenRejected,
  type GoogleIdentity,
  type IdTokenVerifier,
} from '../../src/google/google-id-tokens';
import type { PasswordHashing } from '../../src/users/password-hasher';
import type { UserEntity } from '../../src/users/user.entity';
import { GOOGLE_SUBJECT_INDEX, USERNAME_INDEX, type NewUser } from '../../src/users/users.repository';

/** Auth's rows, as the in-memory repositories keep them. */
export type AuthTables = {
  users: UserEntity[];
  lastId: number;
};

type Users = AuthRepositories['users'];

class InMemoryUsers implements Users {
  constructor(private readonly tables: AuthTables) {}

  private copy(user: UserEntity | undefined): UserEntity | null {
    return user ? { ...user } : null;
  }

  async findById(userId: number): Promise<UserEntity | null> {
    return this.copy(this.tables.users.find((user) => user.id === userId));
  }

  async findByUsernameKey(key: string): Promise<UserEntity | null> {
    return this.copy(this.tables.users.find((user) => user.usernameKey === key));
  }

  async findByGoogleSubject(subject: string): Promise<UserEntity | null> {
    return this.copy(this.tables.users.find((user) => user.googleSubject === subject));
  }

  async insert(user: NewUser): Promise<UserEntity> {
    // Postgres checks a row's unique indexes oldest first: the Google subject's, then the name's.
    const subject = user.googleSubject;
    if (subject !== null && this.tables.users.some((row) => row.googleSubject === subject)) {
      throw uniqueViolation(GOOGLE_SUBJECT_INDEX);
    }
    if (this.tables.users.some((row) => row.usernameKey === user.usernameKey)) {
      throw uniqueViolation(USERNAME_INDEX);
    }
    const row: UserEntity = { ...user, id: ++this.tables.lastId, createdAt: new Date() };
    this.tables.users.push(row);
    return { ...row };
  }

  async setPhoto(userId: number, photoUrl: string | null): Promise<void> {
    const user = this.tables.users.find((row) => row.id === userId);
    if (user) user.photoUrl = photoUrl;
  }
}

export type InMemoryAuth = InMemoryUnitOfWork<AuthRepositories, AuthTables>;

/** Auth's unit of work over empty in-memory tables, for the rules' unit specs. */
export function inMemoryAuth(): InMemoryAuth {
  return new InMemoryUnitOfWork<AuthRepositories, AuthTables>({ users: [], lastId: 0 }, (tables) => ({
    users: new InMemoryUsers(tables),
  }));
}

/**
 * A hasher without argon2's cost, for the rules: a hash is only the password marked, and each
 * verification is recorded with the hash it was checked against (null: the dummy of an unknown user).
 */
export class CheapPasswordHasher implements PasswordHashing {
  readonly verified: (string | null)[] = [];
  hashed = 0;

  async hash(password: string): Promise<string> {
    this.hashed += 1;
    return `cheap:${password}`;
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    this.verified.push(hash);
    return hash === `cheap:${password}`;
  }
}

/**
 * Stands in for Google's ID tokens: a token is issued for an identity and verifies as it. The
 * verification itself (signature, issuer, audience, expiry, nonce) has specs of its own.
 */
export class FakeIdTokens implements IdTokenVerifier {
  enabled = true;
  private readonly identities = new Map<string, GoogleIdentity>();
  /** What verify fails with instead of answering, when set. */
  failure: Error | null = null;

  issue(identity: Partial<GoogleIdentity> & Pick<GoogleIdentity, 'subject'>): string {
    const token = `token-${this.identities.size + 1}`;
    this.identities.set(token, { name: null, email: null, picture: null, ...identity });
    return token;
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (this.failure) throw this.failure;
    const identity = this.identities.get(idToken);
    if (!identity) throw new IdTokenRejected('signature verification failed');
    return identity;
  }
}
