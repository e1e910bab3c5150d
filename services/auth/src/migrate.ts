import 'reflect-metadata';
import { migrateService } from '@promptlib/platform';
import { authService } from './service';

migrateService(authService);
