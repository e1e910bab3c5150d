import { usernameKey } from '@promptlib/proto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 1_000;

/**
 * Usernames were told apart by Postgres's lower(), which can disagree with the gateway's lower
 * case; they now are by proto's usernameKey, stored beside the name. The keys of existing users
 * are computed here in JavaScript, batch by batch.
 */
export class AddUsernameKey1764892800000 implements MigrationInterface {
  name = 'AddUsernameKey1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."users" ADD COLUMN "username_key" text`);
    const taken = new Set<string>();
    for (let after = 0; ;) {
      const rows: { id: number; username: string }[] = await queryRunner.query(
        `SELECT "id", "username" FROM "auth"."users" WHERE "id" > $1 ORDER BY "id" LIMIT ${BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        let key = usernameKey(row.username);
        // Two names lower() told apart but the key folds together ("Café" composed and decomposed,
        // which look the same to people): the older account keeps the key, the newer one gets one no
        // typed name reaches ('#' and its id), and signs in again once it is renamed.
        if (taken.has(key)) key = `${key}#${row.id}`;
        taken.add(key);
        await queryRunner.query(`UPDATE "auth"."users" SET "username_key" = $2 WHERE "id" = $1`, [
          row.id,
          key,
        ]);
      }
      after = rows[rows.length - 1].id;
    }
    await queryRunner.query(`ALTER TABLE "auth"."users" ALTER COLUMN "username_key" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_key" ON "auth"."users" ("username_key")`);
    await queryRunner.query(`DROP INDEX "auth"."users_username_lower_key"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_username_lower_key" ON "auth"."users" (lower("username"))`,
    );
    await queryRunner.query(`DROP INDEX "auth"."users_username_key"`);
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN "username_key"`);
  }
}
