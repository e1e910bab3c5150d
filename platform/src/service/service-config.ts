import type { z } from 'zod';
import {
  databaseDevDefaults,
  databaseEnvShape,
  eventsStreamEnvShape,
  processDevDefaults,
  processEnvShape,
} from '../config/process-env';

/** Variables every service reads; a service spreads this into its own shape and adds its own. */
export function serviceEnvShape(defaultHealthPort: number) {
  return { ...processEnvShape(defaultHealthPort), ...databaseEnvShape, ...eventsStreamEnvShape };
}

export const serviceDevDefaults = { ...processDevDefaults, ...databaseDevDefaults };

export type ServiceProcessConfig = z.output<z.ZodObject<ReturnType<typeof serviceEnvShape>>>;
