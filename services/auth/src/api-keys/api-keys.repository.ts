import type { Db } from '@promptlib/platform/service';
import type { ApiKeyScope, ApiKeySummary } from '@promptlib/proto';

const API_KEYS = '"auth"."api_keys"';
const USERS = '"auth"."users"';
// A key's last use is written at most this often: a program calling many times a second must not
// turn each of its reads into a write.
const LAST_USE_PRECISION = "interval '1 minute'";

export type NewApiKey = {
  userId: number;
  name: string;
  scope: ApiKeyScope;
  start: string;
  hash: string;
  expiresAt: Date | null;
};

/** Who a key acts for, found by its hash. */
export type KeyHolder = {
  keyId: number;
  userId: number;
  username: string;
  scope: ApiKeyScope;
  expiresAt: string | null;
};

const SUMMARY = `"id"::int AS "id", "name", "scope", "start",
  to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char("expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt",
  to_char("last_used_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastUsedAt"`;

/** Every read and write of the API keys table. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /**
   * How many keys the user has, with the user's row locked until the transaction ends, so that two
   * creations at once count each other. Null when there is no such user.
   */
  async lockAndCount(userId: number): Promise<number | null> {
    const [user] = await this.db.query<{ id: number }>(
      `SELECT "id" FROM ${USERS} WHERE "id" = $1 FOR UPDATE`,
      [userId],
    );
    if (!user) return null;
    const [row] = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM ${API_KEYS} WHERE "user_id" = $1`,
      [userId],
    );
    return row!.count;
  }

  async insert(key: NewApiKey): Promise<ApiKeySummary> {
    const [row] = await this.db.query<ApiKeySummary>(
      `INSERT INTO ${API_KEYS} ("user_id", "name", "scope", "start", "hash", "expires_at")
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SUMMARY}`,
      [key.userId, key.name, key.scope, key.start, key.hash, key.expiresAt],
    );
    return row!;
  }

  /** The user's keys, newest first. */
  list(userId: number): Promise<ApiKeySummary[]> {
    return this.db.query<ApiKeySummary>(
      `SELECT ${SUMMARY} FROM ${API_KEYS} WHERE "user_id" = $1 ORDER BY "id" DESC`,
      [userId],
    );
  }

  /** Removes the user's key, answering its hash; null when the user has no key of that id. */
  async delete(userId: number, keyId: number): Promise<string | null> {
    const rows = await this.db.changed<{ hash: string }>(
      `DELETE FROM ${API_KEYS} WHERE "user_id" = $1 AND "id" = $2 RETURNING "hash"`,
      [userId, keyId],
    );
    return rows[0]?.hash ?? null;
  }

  /** Removes every key of the user, answering their ids and hashes. */
  deleteAllOf(userId: number): Promise<{ id: number; hash: string }[]> {
    return this.db.changed<{ id: number; hash: string }>(
      `DELETE FROM ${API_KEYS} WHERE "user_id" = $1 RETURNING "id"::int AS "id", "hash"`,
      [userId],
    );
  }

  /** The holder of the key with this hash, if it is not expired at `now`; its last use noted. */
  async use(hash: string, now: Date): Promise<KeyHolder | null> {
    const [holder] = await this.db.query<KeyHolder>(
      `SELECT k."id"::int AS "keyId", k."user_id" AS "userId", u."username", k."scope",
         to_char(k."expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"
       FROM ${API_KEYS} k JOIN ${USERS} u ON u."id" = k."user_id"
       WHERE k."hash" = $1 AND (k."expires_at" IS NULL OR k."expires_at" > $2)`,
      [hash, now],
    );
    if (!holder) return null;
    await this.db.query(
      `UPDATE ${API_KEYS} SET "last_used_at" = $2
       WHERE "id" = $1 AND ("last_used_at" IS NULL OR "last_used_at" < $2::timestamptz - ${LAST_USE_PRECISION})`,
      [holder.keyId, now],
    );
    return holder;
  }
}
