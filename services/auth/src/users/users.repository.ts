import type { Db } from '@promptlib/platform/service';
import { UserEntity } from './user.entity';

/** The unique index on usernameKey: one account per name, however it is spelled. */
export const USERNAME_INDEX = 'users_username_key';
/** The unique index on the Google subject: one account per Google account. */
export const GOOGLE_SUBJECT_INDEX = 'users_google_subject_key';

/** A user as registration or a first Google sign-in makes one. */
export type NewUser = Pick<
  UserEntity,
  'username' | 'usernameKey' | 'passwordHash' | 'googleSubject' | 'photoUrl'
>;

/** Every read and write of the users table, on the unit of work's connection. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(userId: number): Promise<UserEntity | null> {
    return this.db.repository(UserEntity).findOneBy({ id: userId });
  }

  /** The user whose name has this key (proto's usernameKey), whatever spelling they typed. */
  findByUsernameKey(key: string): Promise<UserEntity | null> {
    return this.db.repository(UserEntity).findOneBy({ usernameKey: key });
  }

  findByGoogleSubject(subject: string): Promise<UserEntity | null> {
    return this.db.repository(UserEntity).findOneBy({ googleSubject: subject });
  }

  /**
   * Fails with Postgres's unique violation, naming the index (see violatedIndex), when the
   * username key or the Google subject is taken.
   */
  insert(user: NewUser): Promise<UserEntity> {
    const repository = this.db.repository(UserEntity);
    return repository.save(repository.create(user));
  }

  async setPhoto(userId: number, photoUrl: string | null): Promise<void> {
    await this.db.repository(UserEntity).update({ id: userId }, { photoUrl });
  }

  /** Deletes the user's row; false when there was none (deleted meanwhile). */
  async delete(userId: number): Promise<boolean> {
    const result = await this.db.repository(UserEntity).delete({ id: userId });
    return (result.affected ?? 0) === 1;
  }

  /**
   * Replaces the password hash only while it is still `expected`, so of two changes made at once
   * from the same old password one wins; false when the hash had already changed.
   */
  async replacePasswordHash(userId: number, expected: string, passwordHash: string): Promise<boolean> {
    const result = await this.db
      .repository(UserEntity)
      .update({ id: userId, passwordHash: expected }, { passwordHash });
    return (result.affected ?? 0) === 1;
  }
}

/** The unique index a refused insert ran into (USERNAME_INDEX or GOOGLE_SUBJECT_INDEX), if Postgres named one. */
export function violatedIndex(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
