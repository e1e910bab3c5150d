import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CategoriesModule } from '../categories/categories.module';
import { TiersModule } from '../tiers/tiers.module';
import { LibraryEvents } from './library-events';

@Module({ imports: [AccountsModule, CategoriesModule, TiersModule], providers: [LibraryEvents] })
export class LibraryEventsModule {}
