import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** As the user typed it. */
  @Column({ type: 'text' })
  username!: string;

  /** proto's usernameKey of the name: unique, and what sign-in looks a user up by. */
  @Column({ name: 'username_key', type: 'text' })
  usernameKey!: string;

  /** argon2id PHC string. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  /** The Google account's subject, for a user who signs in with Google. */
  @Column({ name: 'google_subject', type: 'text', nullable: true })
  googleSubject!: string | null;

  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
