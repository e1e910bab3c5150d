// main.ts's first import: the instrumentations patch http, pg and ioredis as they are first loaded.
import { startTracing } from '@promptlib/platform/tracing';

startTracing('library');
