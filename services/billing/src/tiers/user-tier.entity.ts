import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The tier billing last announced for a user in a tier.changed event. */
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

  /** The version of the last tier.changed event: 0 before the first, then one more per change. */
  @Column({ type: 'integer' })
  version!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
