import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform';
import { sharingService } from './service';

startService(sharingService);
