import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform/service';
import { libraryService } from './service';

startService(libraryService);
