import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service';

/** Deleted accounts: their library erased, and remembered so late events bring nothing back. */
@Module({ providers: [AccountsService], exports: [AccountsService] })
export class AccountsModule {}
