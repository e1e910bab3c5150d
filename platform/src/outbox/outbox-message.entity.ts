// The table is created by createOutboxTable (outbox-migration.ts) in each service's own schema.
import type { EventEnvelope } from '@promptlib/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An event committed with the change that caused it and not yet acknowledged by JetStream. */
@Entity('outbox')
@Index('outbox_created_at_idx', ['createdAt'])
export class OutboxMessage {
  /** The envelope id, reused as Nats-Msg-Id so a re-publish after a crash is dropped as a duplicate. */
  @PrimaryColumn('uuid')
  id!: string;

  /** Un-namespaced (`events.user.registered`): the namespace is a deployment concern, not data. */
  @Column('text')
  subject!: string;

  @Column('jsonb')
  payload!: EventEnvelope;

  /** The `traceparent` of the change that wrote the event, published with it; null outside a trace. */
  @Column('text', { name: 'trace_context', nullable: true })
  traceContext!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
