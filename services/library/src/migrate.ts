import 'reflect-metadata';
import { migrateService } from '@promptlib/platform/service';
import { libraryService } from './service';

migrateService(libraryService);
