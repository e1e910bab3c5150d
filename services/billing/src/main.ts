import './tracing';
import 'reflect-metadata';
import { startService } from '@promptlib/platform/service';
import { billingService } from './service';

startService(billingService);
