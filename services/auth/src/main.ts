import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform';
import { authService } from './service';

startService(authService);
