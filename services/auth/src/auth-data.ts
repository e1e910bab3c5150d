import { Global, Module } from '@nestjs/common';
import {
  unitOfWorkProvider,
  type Db,
  type RepositoryContract,
  type UnitOfWork,
} from '@promptlib/platform/service';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { UsersRepository } from './users/users.repository';

/** Auth's data, one repository per aggregate, each owning its SQL and the schema's name. */
export type AuthRepositories = {
  users: RepositoryContract<UsersRepository>;
  apiKeys: RepositoryContract<ApiKeysRepository>;
};

/** Auth's unit of work: its rules change data only through it. */
export type AuthData = UnitOfWork<AuthRepositories>;

export const AUTH_DATA = Symbol('AUTH_DATA');

export function authRepositories(db: Db): AuthRepositories {
  return { users: new UsersRepository(db), apiKeys: new ApiKeysRepository(db) };
}

/** Shared by the feature modules: password and Google sign-in make users of one table. */
@Global()
@Module({
  providers: [unitOfWorkProvider(AUTH_DATA, authRepositories)],
  exports: [AUTH_DATA],
})
export class AuthDataModule {}
