import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { TiersModule } from '../tiers/tiers.module';
import { LibraryEvents } from './library-events';

@Module({ imports: [CategoriesModule, TiersModule], providers: [LibraryEvents] })
export class LibraryEventsModule {}
