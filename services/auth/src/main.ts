import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform/service';
import { authService } from './service';

startService(authService);
