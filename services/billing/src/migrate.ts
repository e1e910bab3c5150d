import 'reflect-metadata';
import { migrateService } from '@promptlib/platform';
import { billingService } from './service';

migrateService(billingService);
