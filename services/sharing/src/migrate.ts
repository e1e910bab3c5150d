import 'reflect-metadata';
import { migrateService } from '@promptlib/platform';
import { sharingService } from './service';

migrateService(sharingService);
