import 'reflect-metadata';
import { migrateService } from '@promptlib/platform';
import { libraryService } from './service';

migrateService(libraryService);
