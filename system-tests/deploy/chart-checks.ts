import * as monitoring from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

/** A rendered Kubernetes object, as far as the checks read it. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- objects of every kind are read here
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

type EnvEntry = {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string };
    secretKeyRef?: { name: string; key: string };
  };
};

/** The documents of `helm template`'s output, empty ones dropped. */
export function parseRendered(yaml: string): K8sObject[] {
  return parseAllDocuments(yaml)
    .map((document) => {
      if (document.errors.length > 0)
        throw new Error(`rendered YAML does not parse: ${document.errors[0].message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null && typeof object === 'object');
}

type Model = new (data: never) => { validate(): void };
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  // The Prometheus Operator's resources (values: monitoring).
  'monitoring.coreos.com/v1': monitoring,
};

/** Every object validated against the Kubernetes API's own schema for its apiVersion and kind. */
export function schemaProblems(objects: K8sObject[]): string[] {
  return objects.flatMap((object) => {
    const model = MODELS[object.apiVersion]?.[object.kind] as Model | undefined;
    if (!model) return [`${object.kind} ${object.metadata?.name}: no schema known for ${object.apiVersion}`];
    try {
      new model(object as never).validate();
      return [];
    } catch (error) {
      return [`${object.kind} ${object.metadata.name}: ${(error as Error).message}`];
    }
  });
}

/** The component label the chart gives each app's objects (gateway, auth, …, migrate). */
export function componentOf(object: K8sObject): string {
  return object.metadata.labels?.['app.kubernetes.io/component'] ?? '';
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

/** The pod spec of a Deployment or a Job. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Kubernetes shapes are validated separately
export function podSpecOf(object: K8sObject): any {
  return object.spec?.template?.spec ?? {};
}

/**
 * Each workload's environment by component, with values resolved as the cluster would: literals,
 * ConfigMap keys from the rendered ConfigMaps, and Secret keys as `<secret:name/key>` (their
 * values are the user's).
 */
export function workloadEnvironments(
  objects: K8sObject[],
): Record<string, { environment: Record<string, string> }> {
  const configMaps = new Map(ofKind(objects, 'ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
  const result: Record<string, { environment: Record<string, string> }> = {};
  for (const workload of objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job')) {
    const environment: Record<string, string> = {};
    for (const container of podSpecOf(workload).containers ?? []) {
      for (const entry of (container.env ?? []) as EnvEntry[]) {
        const fromMap = entry.valueFrom?.configMapKeyRef;
        const fromSecret = entry.valueFrom?.secretKeyRef;
        environment[entry.name] = fromMap
          ? (configMaps.get(fromMap.name)?.[fromMap.key] ?? '')
          : fromSecret
            ? `<secret:${fromSecret.name}/${fromSecret.key}>`
            : (entry.value ?? '');
      }
    }
    result[componentOf(workload)] = { environment };
  }
  return result;
}

/** What a pod of the chart must be to run as production expects. */
export function hardeningProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const config = ofKind(objects, 'ConfigMap')[0]?.data ?? {};
  const delayMs = Number(config.SHUTDOWN_DELAY_MS);
  const graceMs = Number(config.SHUTDOWN_GRACE_MS);
  for (const workload of objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job')) {
    const name = `${workload.kind} ${workload.metadata.name}`;
    const pod = podSpecOf(workload);
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${name} does not require a non-root user`);
    if (pod.automountServiceAccountToken !== false) problems.push(`${name} mounts a service account token`);
    for (const container of pod.containers ?? []) {
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false) problems.push(`${name} allows privilege escalation`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${name} has a writable root filesystem`);
      if (!(security.capabilities?.drop ?? []).includes('ALL'))
        problems.push(`${name} keeps Linux capabilities`);
      if (
        !container.resources?.requests?.cpu ||
        !container.resources?.requests?.memory ||
        !container.resources?.limits?.memory
      ) {
        problems.push(`${name} lacks CPU and memory requests or a memory limit`);
      }
      if (workload.kind !== 'Deployment') continue;
      const probes = { livenessProbe: '/health/live', readinessProbe: '/health/ready' } as const;
      for (const [probe, path] of Object.entries(probes)) {
        const get = container[probe]?.httpGet;
        if (get?.path !== path || get?.port !== 'health')
          problems.push(`${name} lacks its ${probe} on ${path} of the health port`);
      }
    }
    if (workload.kind === 'Deployment') {
      const needed = (delayMs + graceMs) / 1000 + 5;
      if (!(pod.terminationGracePeriodSeconds >= needed)) {
        problems.push(
          `${name}: terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} is under (SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS) / 1000 + 5 = ${needed}`,
        );
      }
    }
  }
  return problems;
}

/** Every app has its Service, PodDisruptionBudget, NetworkPolicy and, unless it has fixed replicas, an autoscaler. */
export function companionProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const named = (kind: string) => new Set(ofKind(objects, kind).map(componentOf));
  const hpaTargets = new Set(
    ofKind(objects, 'HorizontalPodAutoscaler').map((hpa) => hpa.spec?.scaleTargetRef?.name),
  );
  for (const deployment of ofKind(objects, 'Deployment')) {
    const app = componentOf(deployment);
    for (const kind of ['Service', 'PodDisruptionBudget', 'NetworkPolicy']) {
      if (!named(kind).has(app)) problems.push(`${app} has no ${kind}`);
    }
    if (deployment.spec?.replicas === undefined && !hpaTargets.has(deployment.metadata.name)) {
      problems.push(`${app} has neither replicas nor an autoscaler`);
    }
  }
  for (const ingress of ofKind(objects, 'Ingress')) {
    if (!(ingress.spec?.tls?.length > 0)) problems.push(`Ingress ${ingress.metadata.name} has no TLS`);
    const gateway = ofKind(objects, 'Service').find((service) => componentOf(service) === 'gateway')?.metadata
      .name;
    for (const rule of ingress.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        if (path.backend?.service?.name !== gateway)
          problems.push(`Ingress sends ${path.path} elsewhere than the gateway`);
      }
    }
  }
  return problems;
}

/**
 * The migration Job runs before an install and an upgrade, and a Secret the chart makes for it
 * is a hook that comes first.
 */
export function hookProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const hooks = (object: K8sObject) => (object.metadata.annotations?.['helm.sh/hook'] ?? '').split(',');
  const weight = (object: K8sObject) => Number(object.metadata.annotations?.['helm.sh/hook-weight'] ?? 0);
  const jobs = ofKind(objects, 'Job');
  if (jobs.length !== 1) return [`${jobs.length} migration Jobs rendered, not 1`];
  const [job] = jobs;
  if (!hooks(job).includes('pre-install') || !hooks(job).includes('pre-upgrade')) {
    problems.push('the migration Job is not a pre-install and pre-upgrade hook');
  }
  const secretNames = new Set(
    (podSpecOf(job).containers ?? []).flatMap((container: { env?: EnvEntry[] }) =>
      (container.env ?? []).flatMap((entry) =>
        entry.valueFrom?.secretKeyRef ? [entry.valueFrom.secretKeyRef.name] : [],
      ),
    ),
  );
  for (const secret of ofKind(objects, 'Secret').filter((item) => secretNames.has(item.metadata.name))) {
    if (
      !hooks(secret).includes('pre-install') ||
      !hooks(secret).includes('pre-upgrade') ||
      weight(secret) >= weight(job)
    ) {
      problems.push(`Secret ${secret.metadata.name} is not in place before the migration Job runs`);
    }
  }
  return problems;
}

/** Only auth (Google's keys) and billing (Stripe) reach HTTPS outside the cluster; nothing is open. */
export function networkPolicyProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = ofKind(objects, 'NetworkPolicy');
  for (const component of ofKind(objects, 'Deployment').map(componentOf).concat('migrate')) {
    const policy = policies.find((item) => componentOf(item) === component);
    if (!policy) continue;
    const types: string[] = policy.spec?.policyTypes ?? [];
    if (!types.includes('Ingress') || !types.includes('Egress'))
      problems.push(`${component}'s NetworkPolicy does not limit both directions`);
    const egress: { ports?: { port: number }[]; to?: unknown[] }[] = policy.spec?.egress ?? [];
    const https = egress.some((rule) => (rule.ports ?? []).some((port) => port.port === 443));
    const wanted = component === 'auth' || component === 'billing';
    if (https !== wanted)
      problems.push(`${component} ${wanted ? 'cannot' : 'may'} reach HTTPS outside the cluster`);
    if (egress.some((rule) => !rule.ports || rule.ports.length === 0))
      problems.push(`${component} may reach any port`);
  }
  return problems;
}

/**
 * Images are the Dockerfile's targets under the repository compose uses, and ports are those the
 * Dockerfile sets (HEALTH_PORT per target, the gateway's PORT).
 */
export function imageProblems(
  objects: K8sObject[],
  stages: { name?: string; env: Record<string, string> }[],
): string[] {
  const problems: string[] = [];
  const targets = new Map(stages.flatMap((stage) => (stage.name ? [[stage.name, stage.env] as const] : [])));
  for (const workload of objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job')) {
    for (const container of podSpecOf(workload).containers ?? []) {
      const match = /^(.+)\/([^/:]+):([^/]+)$/.exec(container.image ?? '');
      if (!match) {
        problems.push(
          `${workload.metadata.name}: image ${container.image} is not <repository>/<target>:<tag>`,
        );
        continue;
      }
      const [, , target] = match;
      const env = targets.get(target);
      if (!env)
        problems.push(`${workload.metadata.name} runs ${target}, which deploy/Dockerfile does not build`);
      const ports = new Map<string, number>(
        (container.ports ?? []).map((port: { name: string; containerPort: number }) => [
          port.name,
          port.containerPort,
        ]),
      );
      if (env && workload.kind === 'Deployment' && String(ports.get('health')) !== env.HEALTH_PORT) {
        problems.push(
          `${workload.metadata.name}: health port ${ports.get('health')}, the image's HEALTH_PORT is ${env.HEALTH_PORT}`,
        );
      }
      if (env?.PORT && String(ports.get('http')) !== env.PORT) {
        problems.push(
          `${workload.metadata.name}: http port ${ports.get('http')}, the image's PORT is ${env.PORT}`,
        );
      }
    }
  }
  return problems;
}

/** Bare identifiers in template actions are functions (or keywords): each must be one the renderer and Helm both have. */
export function templateFunctionProblems(
  templates: Record<string, string>,
  functions: Set<string>,
): string[] {
  const keywords = new Set([
    'if',
    'else',
    'end',
    'range',
    'with',
    'define',
    'template',
    'block',
    'break',
    'continue',
    'nil',
    'true',
    'false',
  ]);
  const builtins = [
    'and',
    'or',
    'not',
    'len',
    'index',
    'slice',
    'print',
    'printf',
    'println',
    'eq',
    'ne',
    'lt',
    'le',
    'gt',
    'ge',
    'call',
    'html',
    'js',
    'urlquery',
  ];
  const known = new Set([...functions, ...builtins]);
  const problems: string[] = [];
  for (const [file, text] of Object.entries(templates)) {
    for (const [, action] of text.matchAll(/\{\{-?([\s\S]*?)-?\}\}/g)) {
      if (action.trim().startsWith('/*')) continue;
      const code = action.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g, '""');
      for (const [, word] of code.matchAll(/(?<![.$\w])([A-Za-z_][A-Za-z0-9_]*)/g)) {
        if (!keywords.has(word) && !known.has(word))
          problems.push(`${file}: ${word} is not a template function the renderer offers`);
      }
    }
  }
  return problems;
}

/** skaffold builds every image the chart runs from deploy/Dockerfile and deploys this chart. */
export function skaffoldProblems(
  skaffold: {
    build?: { artifacts?: { image: string; docker?: { dockerfile?: string; target?: string } }[] };
    deploy?: { helm?: { releases?: { chartPath?: string }[] } };
  },
  chartPath: string,
  appTargets: string[],
): string[] {
  const problems: string[] = [];
  const artifacts = skaffold.build?.artifacts ?? [];
  const built = new Set<string>();
  for (const artifact of artifacts) {
    if (artifact.docker?.dockerfile !== 'deploy/Dockerfile')
      problems.push(
        `skaffold builds ${artifact.image} from ${artifact.docker?.dockerfile}, not deploy/Dockerfile`,
      );
    const target = artifact.docker?.target ?? '';
    if (!appTargets.includes(target))
      problems.push(`skaffold builds target ${target}, which the chart does not run`);
    if (artifact.image !== `promptlib/${target}`)
      problems.push(`skaffold names ${target}'s image ${artifact.image}`);
    built.add(target);
  }
  for (const target of appTargets) if (!built.has(target)) problems.push(`skaffold does not build ${target}`);
  const charts = (skaffold.deploy?.helm?.releases ?? []).map((release) => release.chartPath);
  if (!charts.includes(chartPath)) problems.push(`skaffold does not deploy ${chartPath}`);
  return problems;
}

/**
 * The shell script the backup CronJob's dump runs (values: backup.enabled): its container, or its
 * init container when a copy to an object store follows.
 */
export function backupScript(objects: K8sObject[]): string {
  const [cronJob] = ofKind(objects, 'CronJob');
  const pod = cronJob.spec.jobTemplate.spec.template.spec;
  const all = [...(pod.initContainers ?? []), ...pod.containers] as { name: string; command: string[] }[];
  const dump = all.find((container) => container.name === 'backup');
  if (!dump) throw new Error('The backup CronJob has no container named backup');
  return dump.command[2];
}
