import { Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process, labelled with the app so dashboards can tell replicas' apps apart. */
export function createMetricsRegistry(app: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  return registry;
}
