import 'reflect-metadata';
import { migrateService } from '@promptlib/platform/service';
import { billingService } from './service';

migrateService(billingService);
