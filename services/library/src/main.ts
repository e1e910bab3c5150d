import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform';
import { libraryService } from './service';

startService(libraryService);
