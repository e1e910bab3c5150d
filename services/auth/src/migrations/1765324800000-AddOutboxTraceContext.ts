import { addOutboxTraceContext, dropOutboxTraceContext } from '@promptlib/platform/service';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each event keeps the trace of the change that wrote it, for the services that consume it. */
export class AddOutboxTraceContext1765324800000 implements MigrationInterface {
  name = 'AddOutboxTraceContext1765324800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addOutboxTraceContext(queryRunner, 'auth');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropOutboxTraceContext(queryRunner, 'auth');
  }
}
