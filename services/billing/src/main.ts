import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform';
import { billingService } from './service';

startService(billingService);
