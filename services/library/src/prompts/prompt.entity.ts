import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('prompts')
export class PromptEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'category_id', type: 'integer', nullable: true })
  categoryId!: number | null;

  @Column({ name: 'is_favorite', type: 'smallint' })
  isFavorite!: 0 | 1;

  @Column({ name: 'usage_count', type: 'integer' })
  usageCount!: number;

  /** Its tags in the user's spelling of each, in the order added. */
  @Column({ type: 'text', array: true })
  tags!: string[];

  /** When the prompt was last copied; null until it is. */
  @Column({ name: 'last_used_at', type: 'timestamptz', precision: 3, nullable: true })
  lastUsedAt!: Date | null;

  /** Grows with every change of title, content or category; events carry it so consumers never go back. */
  @Column({ type: 'integer' })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
