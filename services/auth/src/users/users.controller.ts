import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parsePayload } from '@promptlib/platform';
import { limits, subjects, type AuthUser } from '@promptlib/proto';
import { z } from 'zod';
import { UsersService } from './users.service';

// Shape only, with room above the limits: the rules and their messages live in the service.
const credentials = z.object({
  username: z.string().max(limits.username.max * 4),
  password: z.string().max(limits.password.max * 4),
});
const userId = z.object({ userId: z.number().int().positive() });

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(subjects.auth.usersRegister)
  register(@Payload() payload: unknown): Promise<AuthUser> {
    return this.users.register(parsePayload(credentials, payload));
  }

  @MessagePattern(subjects.auth.usersVerifyPassword)
  verifyPassword(@Payload() payload: unknown): Promise<AuthUser> {
    return this.users.verifyPassword(parsePayload(credentials, payload));
  }

  @MessagePattern(subjects.auth.usersGet)
  get(@Payload() payload: unknown): Promise<AuthUser> {
    return this.users.get(parsePayload(userId, payload));
  }
}
