import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type AccountDetails,
  type AuthUser,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type DeletedAccount,
  type Done,
  type GetUserRequest,
  type RegisterRequest,
  type VerifyPasswordRequest,
} from '@promptlib/proto';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Handles(subjects.auth.usersRegister)
  register(request: RegisterRequest): Promise<AuthUser> {
    return this.users.register(request);
  }

  @Handles(subjects.auth.usersVerifyPassword)
  verifyPassword(request: VerifyPasswordRequest): Promise<AuthUser> {
    return this.users.verifyPassword(request);
  }

  @Handles(subjects.auth.usersGet)
  get(request: GetUserRequest): Promise<AuthUser> {
    return this.users.get(request);
  }

  @Handles(subjects.auth.usersAccount)
  account(request: GetUserRequest): Promise<AccountDetails> {
    return this.users.account(request);
  }

  @Handles(subjects.auth.usersDelete)
  deleteAccount(request: DeleteAccountRequest): Promise<DeletedAccount> {
    return this.users.deleteAccount(request);
  }

  @Handles(subjects.auth.usersChangePassword)
  changePassword(request: ChangePasswordRequest): Promise<Done> {
    return this.users.changePassword(request);
  }
}
