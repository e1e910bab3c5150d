import { createDeletedUsersTable, dropDeletedUsersTable } from '@promptlib/platform/service';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The deleted users' ids, so late events bring nothing of theirs back (see platform's DeletedUsers). */
export class CreateDeletedUsers1765152000000 implements MigrationInterface {
  name = 'CreateDeletedUsers1765152000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createDeletedUsersTable(queryRunner, 'sharing');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropDeletedUsersTable(queryRunner, 'sharing');
  }
}
