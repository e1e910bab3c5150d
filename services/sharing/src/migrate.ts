import 'reflect-metadata';
import { migrateService } from '@promptlib/platform/service';
import { sharingService } from './service';

migrateService(sharingService);
