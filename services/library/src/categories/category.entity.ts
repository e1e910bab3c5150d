import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('categories')
export class CategoryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  /** Unique per user, compared case-insensitively (a unique index on lower(name)). */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer' })
  position!: number;

  /** General: created for every user, never deleted or moved, where free users' prompts go. */
  @Column({ name: 'is_default', type: 'boolean' })
  isDefault!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
