import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform/service';
import { sharingService } from './service';

startService(sharingService);
