import 'reflect-metadata';
import { migrateService } from '@promptlib/platform/service';
import { authService } from './service';

migrateService(authService);
