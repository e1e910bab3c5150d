import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderChart, rendererFunctions } from '@promptlib/tools/testing';
import Ajv from 'ajv';
import { parse, stringify } from 'yaml';
import {
  companionProblems,
  hardeningProblems,
  hookProblems,
  imageProblems,
  networkPolicyProblems,
  componentOf,
  ofKind,
  parseRendered,
  schemaProblems,
  skaffoldProblems,
  templateFunctionProblems,
  workloadEnvironments,
  type K8sObject,
} from './chart-checks';
import { dockerfileStages, environmentProblems, finalTargets } from './compose-checks';
import { parseComposeFile } from './compose-file';
import { COMPOSE_FILE, composeApps, DOCKERFILE, readRepoFile, REPO_ROOT } from './deploy-files';

const CHART = 'deploy/helm/prompt-library';
const CHART_DIR = resolve(REPO_ROOT, CHART);
const PRODUCTION_VALUES = resolve(REPO_ROOT, 'deploy/helm/values-production.example.yaml');
const stages = dockerfileStages(readRepoFile(DOCKERFILE));
// The images the chart runs: every target but the sandboxes, which never run in a cluster.
const APP_TARGETS = finalTargets(stages).filter((target) => target !== 'sandboxes');

const rendered: Record<'default' | 'production' | 'chart-made Secret', K8sObject[]> = {
  default: [],
  production: [],
  'chart-made Secret': [],
};
const SECRET_KEYS = [
  'DATABASE_URL',
  'DATABASE_AUTH_URL',
  'DATABASE_LIBRARY_URL',
  'DATABASE_SHARING_URL',
  'DATABASE_BILLING_URL',
  'REDIS_GATEWAY_URL',
  'REDIS_SHARING_URL',
  'REDIS_BILLING_URL',
  'SESSION_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'NATS_GATEWAY_PASSWORD',
  'NATS_AUTH_PASSWORD',
  'NATS_LIBRARY_PASSWORD',
  'NATS_SHARING_PASSWORD',
  'NATS_BILLING_PASSWORD',
  'NATS_MIGRATE_PASSWORD',
];
let renderer = '';

beforeAll(async () => {
  const defaults = await renderChart({ chartDir: CHART_DIR });
  renderer = defaults.renderer;
  rendered.default = parseRendered(defaults.yaml);
  rendered.production = parseRendered(
    (await renderChart({ chartDir: CHART_DIR, valuesFiles: [PRODUCTION_VALUES] })).yaml,
  );
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-values-'));
  try {
    const file = join(dir, 'values.yaml');
    await writeFile(file, stringify(secretValues()));
    rendered['chart-made Secret'] = parseRendered(
      (await renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).yaml,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 300_000);

/** Values that have the chart make the Secret itself. */
function secretValues() {
  return {
    secrets: {
      create: true,
      existingSecret: 'promptlib-made',
      values: Object.fromEntries(SECRET_KEYS.map((key) => [key, `value-of-${key}`])),
    },
  };
}

/** The chart copied to a temporary directory with one file changed, for a broken copy. */
async function brokenChart(file: string, change: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-chart-'));
  await cp(CHART_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the change to ${file} changed nothing`);
  await writeFile(path, after);
  return dir;
}

async function templatesOf(chartDir: string): Promise<Record<string, string>> {
  const dir = join(chartDir, 'templates');
  const names = await readdir(dir);
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
}

// Helm validates the values after merging a file over the chart's defaults.
function merged(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    const bothMaps = [current, value].every(
      (item) => typeof item === 'object' && item !== null && !Array.isArray(item),
    );
    out[key] = bothMaps
      ? merged(current as Record<string, unknown>, value as Record<string, unknown>)
      : value;
  }
  return out;
}

function valuesProblems(values: Record<string, unknown>): string[] {
  const schema = JSON.parse(readRepoFile(`${CHART}/values.schema.json`)) as object;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  if (validate(values)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

const defaults = () => parse(readRepoFile(`${CHART}/values.yaml`)) as Record<string, unknown>;

describe.each(['default', 'production', 'chart-made Secret'] as const)(
  'the Helm chart with the %s values',
  (values) => {
    it('renders every object a production install needs, each valid against the Kubernetes schemas', () => {
      const objects = rendered[values];
      expect(ofKind(objects, 'Deployment')).toHaveLength(5);
      expect(ofKind(objects, 'Job')).toHaveLength(1);
      expect(ofKind(objects, 'Ingress')).toHaveLength(2);
      expect(ofKind(objects, 'NetworkPolicy')).toHaveLength(6);
      expect(schemaProblems(objects)).toEqual([]);
    });

    it('sends everything to the gateway, the live feed through an Ingress of its own that neither buffers nor cuts it', () => {
      const [site, live] = ofKind(rendered[values], 'Ingress');
      const pathOf = (ingress: K8sObject) => ingress.spec!.rules[0].http.paths[0];
      expect(pathOf(site)).toMatchObject({ path: '/', pathType: 'Prefix' });
      expect(pathOf(live)).toMatchObject({ path: '/api/events', pathType: 'Exact' });
      expect(pathOf(live).backend).toEqual(pathOf(site).backend);
      expect(live.spec!.tls).toEqual(site.spec!.tls);
      expect(live.metadata.annotations).toMatchObject({
        ...site.metadata.annotations,
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
      });
      expect(site.metadata.annotations ?? {}).not.toHaveProperty(
        'nginx.ingress.kubernetes.io/proxy-buffering',
      );
    });

    it('gives every app each variable it needs and none it does not read', () => {
      expect(
        environmentProblems(workloadEnvironments(rendered[values]), composeApps, {
          source: 'the chart',
          loadValues: false,
        }),
      ).toEqual([]);
    });

    it("signs each service in to Postgres as its own login, and the migration Job as the schemas' owner", () => {
      const environments = workloadEnvironments(rendered[values]);
      const secret = (key: string) => expect.stringMatching(new RegExp(`^<secret:[^/]+/${key}>$`));
      for (const service of ['auth', 'library', 'sharing', 'billing']) {
        expect(environments[service].environment.DATABASE_URL).toEqual(
          secret(`DATABASE_${service.toUpperCase()}_URL`),
        );
        expect(environments.migrate.environment[`DATABASE_${service.toUpperCase()}_URL`]).toEqual(
          secret(`DATABASE_${service.toUpperCase()}_URL`),
        );
      }
      expect(environments.migrate.environment.DATABASE_URL).toEqual(secret('DATABASE_URL'));
      expect(environments.migrate.environment.DATABASE_ADMIN_URL).toEqual(secret('DATABASE_ADMIN_URL'));
      expect(environments.gateway.environment.DATABASE_URL).toBeUndefined();
    });

    it('signs the gateway, sharing and billing in to Redis each as its own user, which the migration Job makes', () => {
      const environments = workloadEnvironments(rendered[values]);
      const secret = (key: string) => expect.stringMatching(new RegExp(`^<secret:[^/]+/${key}>$`));
      for (const process of ['gateway', 'sharing', 'billing']) {
        const key = `REDIS_${process.toUpperCase()}_URL`;
        expect(environments[process].environment.REDIS_URL).toEqual(secret(key));
        expect(environments.migrate.environment[key]).toEqual(secret(key));
      }
      expect(environments.migrate.environment.REDIS_ADMIN_URL).toEqual(secret('REDIS_ADMIN_URL'));
      expect(environments.auth.environment.REDIS_URL).toBeUndefined();
      // …which it can reach, as it can Postgres and NATS, and nothing else but DNS.
      const [policy] = ofKind(rendered[values], 'NetworkPolicy').filter(
        (item) => componentOf(item) === 'migrate',
      );
      const ports = (policy.spec.egress as { ports: { port: number }[] }[]).flatMap((rule) =>
        rule.ports.map((port) => port.port),
      );
      expect([...new Set(ports)].sort((a, b) => a - b)).toEqual([53, 4222, 5432, 6379]);
    });

    it('runs hardened pods that stop gracefully, with their Service, budget, autoscaler and policies', () => {
      const objects = rendered[values];
      expect(hardeningProblems(objects)).toEqual([]);
      expect(companionProblems(objects)).toEqual([]);
      expect(hookProblems(objects)).toEqual([]);
      expect(networkPolicyProblems(objects)).toEqual([]);
      expect(imageProblems(objects, stages)).toEqual([]);
    });
  },
);

describe('the chart and the files beside it', () => {
  it('renders with helm, or where it is missing with the renderer in tools/helm-renderer', () => {
    expect(['helm', 'tools/helm-renderer']).toContain(renderer);
  });

  it('makes the Secret, when asked, as a hook in place before the migration Job', () => {
    const [secret] = ofKind(rendered['chart-made Secret'], 'Secret');
    expect(secret.metadata.name).toBe('promptlib-made');
    expect(Object.keys(secret.stringData ?? {}).sort()).toEqual([...SECRET_KEYS].sort());
    expect(ofKind(rendered.default, 'Secret')).toEqual([]);
    const broken = structuredClone(rendered['chart-made Secret']);
    ofKind(broken, 'Secret')[0].metadata.annotations!['helm.sh/hook-weight'] = '5';
    expect(hookProblems(broken)).toEqual([
      'Secret promptlib-made is not in place before the migration Job runs',
    ]);
  });

  it('has values files that validate against values.schema.json', () => {
    expect(valuesProblems(defaults())).toEqual([]);
    expect(valuesProblems(merged(defaults(), secretValues()))).toEqual([]);
    expect(
      valuesProblems(merged(defaults(), parse(readRepoFile('deploy/helm/values-production.example.yaml')))),
    ).toEqual([]);
  });

  it('runs the images compose runs, by default', () => {
    const composeImages = Object.values(parseComposeFile(readRepoFile(COMPOSE_FILE)))
      .flatMap((service) => (service.image?.startsWith('promptlib/') ? [service.image.split(':')[0]] : []))
      .sort();
    const chartImages = rendered.default
      .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
      .map((object) => (object.spec.template.spec.containers[0].image as string).split(':')[0])
      .sort();
    expect(chartImages).toEqual(composeImages.filter((image) => image !== 'promptlib/sandboxes'));
  });

  it('is named, with the Dockerfile targets it runs, by skaffold.yaml', () => {
    expect(skaffoldProblems(parse(readRepoFile('skaffold.yaml')), CHART, APP_TARGETS)).toEqual([]);
  });

  it('uses only template functions that the renderer and Helm both have', async () => {
    const functions = readRepoFile('tools/helm-renderer/functions.txt').split('\n').filter(Boolean);
    expect(templateFunctionProblems(await templatesOf(CHART_DIR), new Set(functions))).toEqual([]);
    if (renderer === 'tools/helm-renderer') expect(await rendererFunctions()).toEqual(functions);
  });
});

describe('the chart checks fail on a broken copy', () => {
  const functions = new Set(readRepoFile('tools/helm-renderer/functions.txt').split('\n').filter(Boolean));

  it('with a template typo', async () => {
    const dir = await brokenChart('templates/configmap.yaml', (text) =>
      text.replace('.Values.logLevel | quote', '.Values.logLevel | qoute'),
    );
    try {
      await expect(renderChart({ chartDir: dir })).rejects.toThrow(/qoute/);
      expect(templateFunctionProblems(await templatesOf(dir), functions)).toEqual([
        'configmap.yaml: qoute is not a template function the renderer offers',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with a function Helm has and the renderer does not', () => {
    const template = '{{ $secret := lookup "v1" "Secret" .Release.Namespace "x" }}';
    expect(templateFunctionProblems({ 'secret.yaml': template }, functions)).toEqual([
      'secret.yaml: lookup is not a template function the renderer offers',
    ]);
  });

  it('with a variable an app needs left out, or one it does not read added', async () => {
    const dir = await brokenChart('templates/_helpers.tpl', (text) =>
      text
        .replace(
          '{{ include "prompt-library.fromSecret" (dict "root" $root "name" "REDIS_URL" "key" (printf "REDIS_%s_URL" (upper $app))) }}\n',
          '',
        )
        .replace('- name: NATS_USER\n', '- name: NATS_NAME\n  value: x\n- name: NATS_USER\n'),
    );
    try {
      const objects = parseRendered((await renderChart({ chartDir: dir })).yaml);
      const problems = environmentProblems(workloadEnvironments(objects), composeApps, {
        source: 'the chart',
        loadValues: false,
      });
      expect(problems).toEqual(
        expect.arrayContaining([
          'gateway reads REDIS_URL, which the chart does not give it',
          'sharing reads REDIS_URL, which the chart does not give it',
          'the chart gives auth NATS_NAME, which auth does not read',
        ]),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with a field the Kubernetes schema refuses', () => {
    const objects = structuredClone(rendered.default);
    const deployment = ofKind(objects, 'Deployment')[0];
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'nine-one-oh-one';
    expect(schemaProblems(objects)).toEqual([expect.stringMatching(/containerPort must be integer/)]);
  });

  it('with a pod that is not hardened or stops too soon', () => {
    const objects = structuredClone(rendered.default);
    const [deployment] = ofKind(objects, 'Deployment');
    const pod = deployment.spec.template.spec;
    pod.containers[0].securityContext.readOnlyRootFilesystem = false;
    pod.terminationGracePeriodSeconds = 10;
    expect(hardeningProblems(objects)).toEqual([
      `Deployment ${deployment.metadata.name} has a writable root filesystem`,
      `Deployment ${deployment.metadata.name}: terminationGracePeriodSeconds 10 is under (SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS) / 1000 + 5 = 20`,
    ]);
  });

  it('with an ingress but no trusted proxy, which would make every visitor one client', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptlib-values-'));
    try {
      const file = join(dir, 'values.yaml');
      await writeFile(file, stringify({ gateway: { trustProxy: '' } }));
      await expect(renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).rejects.toThrow(
        /gateway\.trustProxy must name the ingress controller's addresses/,
      );
      await writeFile(file, stringify({ gateway: { trustProxy: '' }, ingress: { enabled: false } }));
      expect(
        parseRendered((await renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).yaml),
      ).not.toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with no CA for NATS, which the apps reach over TLS only; from a Secret instead of a ConfigMap', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptlib-values-'));
    try {
      const file = join(dir, 'values.yaml');
      await writeFile(file, stringify({ nats: { tlsCaConfigMap: '' } }));
      await expect(renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).rejects.toThrow(
        /nats\.tlsCaConfigMap or nats\.tlsCaSecret must name the CA/,
      );
      await writeFile(file, stringify({ nats: { tlsCaConfigMap: '', tlsCaSecret: 'nats-tls' } }));
      const objects = parseRendered((await renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).yaml);
      const pods = [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')].map(
        (workload) => workload.spec.template.spec,
      );
      expect(pods).toHaveLength(6);
      for (const pod of pods) {
        expect(pod.volumes).toContainEqual({ name: 'nats-ca', secret: { secretName: 'nats-tls' } });
        expect(pod.containers[0].env).toContainEqual({ name: 'NATS_TLS_CA', value: '/etc/nats-ca/ca.crt' });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with a bad values file', () => {
    const bad = merged(defaults(), {
      publicUrl: 'prompts.example.com',
      apps: { gateway: { replicas: 0 } },
      stripe: { priceMonthly: '' },
      backup: { objectStore: { url: 'https://promptlib-backups', endpoint: 'minio:9000' } },
    });
    expect(valuesProblems(bad)).toEqual(
      expect.arrayContaining([
        '/publicUrl must match pattern "^https?://[^/:]+/?$"',
        '/apps/gateway/replicas must be >= 1',
        '/stripe/priceMonthly must NOT have fewer than 1 characters',
        expect.stringMatching(/^\/backup\/objectStore\/url must match pattern/),
        expect.stringMatching(/^\/backup\/objectStore\/endpoint must match pattern/),
      ]),
    );
  });

  it('with skaffold building a target the chart does not run, or missing one', () => {
    const skaffold = parse(readRepoFile('skaffold.yaml')) as {
      build: { artifacts: { image: string; docker: { target: string } }[] };
    };
    skaffold.build.artifacts = skaffold.build.artifacts.filter(
      (artifact) => artifact.docker.target !== 'migrate',
    );
    skaffold.build.artifacts.push({
      image: 'promptlib/sandboxes',
      docker: { dockerfile: 'deploy/Dockerfile', target: 'sandboxes' },
    } as never);
    expect(skaffoldProblems(skaffold, CHART, APP_TARGETS)).toEqual([
      'skaffold builds target sandboxes, which the chart does not run',
      'skaffold does not build migrate',
    ]);
  });
});
