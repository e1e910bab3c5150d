import { uniqueViolation } from '@promptlib/platform/service';
import { InMemoryUnitOfWork } from '@promptlib/platform/testing/services';
import type { ApiKeySummary } from '@promptlib/proto';
import type { KeyHolder, NewApiKey } from '../../src/api-keys/api-keys.repository';
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
  apiKeys: StoredApiKey[];
};

/** A key's row as the in-memory repository keeps it. */
export type StoredApiKey = NewApiKey & { id: number; createdAt: Date; lastUsedAt: Date | null };

type Users = AuthRepositories['users'];
type ApiKeys = AuthRepositories['apiKeys'];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

class InMemoryApiKeys implements ApiKeys {
  constructor(private readonly tables: AuthTables) {}

  private summary(row: StoredApiKey): ApiKeySummary {
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      start: row.start,
      createdAt: row.createdAt.toISOString(),
      expiresAt: iso(row.expiresAt),
      lastUsedAt: iso(row.lastUsedAt),
    };
  }

  async lockAndCount(userId: number): Promise<number | null> {
    if (!this.tables.users.some((user) => user.id === userId)) return null;
    return this.tables.apiKeys.filter((key) => key.userId === userId).length;
  }

  async insert(key: NewApiKey): Promise<ApiKeySummary> {
    const row: StoredApiKey = {
      ...key,
      id: this.tables.apiKeys.length + 1,
      createdAt: new Date(),
      lastUsedAt: null,
    };
    this.tables.apiKeys.push(row);
    return this.summary(row);
  }

  async list(userId: number): Promise<ApiKeySummary[]> {
    return this.tables.apiKeys
      .filter((key) => key.userId === userId)
      .sort((a, b) => b.id - a.id)
      .map((row) => this.summary(row));
  }

  async delete(userId: number, keyId: number): Promise<string | null> {
    const at = this.tables.apiKeys.findIndex((key) => key.userId === userId && key.id === keyId);
    if (at === -1) return null;
    const [removed] = this.tables.apiKeys.splice(at, 1);
    return removed!.hash;
  }

  async deleteAllOf(userId: number): Promise<{ id: number; hash: string }[]> {
    const hashes = this.tables.apiKeys
      .filter((key) => key.userId === userId)
      .map(({ id, hash }) => ({ id, hash }));
    this.tables.apiKeys = this.tables.apiKeys.filter((key) => key.userId !== userId);
    return hashes;
  }

  async use(hash: string, now: Date): Promise<KeyHolder | null> {
    const row = this.tables.apiKeys.find((key) => key.hash === hash);
    if (!row || (row.expiresAt !== null && row.expiresAt <= now)) return null;
    if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= 60_000) row.lastUsedAt = now;
    const user = this.tables.users.find((candidate) => candidate.id === row.userId)!;
    return {
      keyId: row.id,
      userId: row.userId,
      username: user.username,
      scope: row.scope,
      expiresAt: iso(row.expiresAt),
    };
  }
}

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

  async delete(userId: number): Promise<boolean> {
    const before = this.tables.users.length;
    this.tables.users = this.tables.users.filter((row) => row.id !== userId);
    this.tables.apiKeys = this.tables.apiKeys.filter((key) => key.userId !== userId);
    return this.tables.users.length < before;
  }

  async replacePasswordHash(userId: number, expected: string, passwordHash: string): Promise<boolean> {
    const user = this.tables.users.find((row) => row.id === userId && row.passwordHash === expected);
    if (user) user.passwordHash = passwordHash;
    return user !== undefined;
  }
}

export type InMemoryAuth = InMemoryUnitOfWork<AuthRepositories, AuthTables>;

/** Auth's unit of work over empty in-memory tables, for the rules' unit specs. */
export function inMemoryAuth(): InMemoryAuth {
  return new InMemoryUnitOfWork<AuthRepositories, AuthTables>(
    { users: [], lastId: 0, apiKeys: [] },
    (tables) => ({ users: new InMemoryUsers(tables), apiKeys: new InMemoryApiKeys(tables) }),
  );
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
