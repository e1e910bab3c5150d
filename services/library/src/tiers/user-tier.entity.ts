import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The library's projection of billing's tier events, one row per user (free until told otherwise). */
@Entity('user_tiers')
export class UserTierEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'is_pro', type: 'boolean' })
  isPro!: boolean;

  @Column({ name: 'is_cancelled', type: 'boolean' })
  isCancelled!: boolean;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  /** The newest tier.changed version applied; older or repeated events are ignored. */
  @Column({ type: 'integer' })
  version!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
