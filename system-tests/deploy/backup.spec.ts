import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serviceNames } from '@promptlib/proto';
import { renderChart } from '@promptlib/tools/testing';
import { stringify } from 'yaml';
import { backupScript, ofKind, parseRendered, schemaProblems, type K8sObject } from './chart-checks';
import { REPO_ROOT } from './deploy-files';

const CHART_DIR = resolve(REPO_ROOT, 'deploy/helm/prompt-library');

/** The chart rendered with these values over its defaults. */
async function rendered(values: Record<string, unknown>): Promise<K8sObject[]> {
  const dir = await mkdtemp(join(tmpdir(), 'promptlib-backup-values-'));
  try {
    const file = join(dir, 'values.yaml');
    await writeFile(file, stringify(values));
    return parseRendered((await renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).yaml);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the chart’s backup CronJob', () => {
  let withBackup: K8sObject[] = [];

  beforeAll(async () => {
    withBackup = await rendered({ backup: { enabled: true, persistentVolumeClaim: 'promptlib-backups' } });
  }, 300_000);

  it('dumps every service’s schema on its schedule to the claim, as the schemas’ owner', () => {
    const [cronJob] = ofKind(withBackup, 'CronJob');
    expect(schemaProblems([cronJob])).toEqual([]);
    expect(cronJob.spec).toMatchObject({ schedule: '0 3 * * *', concurrencyPolicy: 'Forbid' });
    const pod = cronJob.spec.jobTemplate.spec.template.spec;
    expect(pod.volumes[0]).toEqual({
      name: 'backups',
      persistentVolumeClaim: { claimName: 'promptlib-backups' },
    });
    const [container] = pod.containers;
    expect(container.env).toContainEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'prompt-library', key: 'DATABASE_URL' } },
    });
    expect(backupScript(withBackup)).toContain(`schemas="${serviceNames.join(' ')}"`);
  });

  it('runs hardened, reaching only DNS and Postgres', () => {
    const [cronJob] = ofKind(withBackup, 'CronJob');
    const pod = cronJob.spec.jobTemplate.spec.template.spec;
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.containers[0].securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    const [policy] = ofKind(withBackup, 'NetworkPolicy').filter(
      (each) => each.metadata.name === 'prompt-library-backup',
    );
    expect(schemaProblems([policy])).toEqual([]);
    expect(policy.spec.podSelector.matchLabels).toMatchObject({ 'app.kubernetes.io/component': 'backup' });
    expect(policy.spec.ingress).toEqual([]);
    const ports = policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
      rule.ports.map((port) => port.port),
    );
    expect([...new Set(ports)].sort()).toEqual([53, 5432]);
  });

  it('copies the dumps to an S3-compatible bucket once the dump is whole, as its own credentials allow', async () => {
    const objects = await rendered({
      backup: {
        enabled: true,
        objectStore: {
          url: 's3://promptlib-backups/prod',
          endpoint: 'https://minio.storage.svc:9000',
          existingSecret: 'backup-bucket',
        },
      },
    });
    const [cronJob] = ofKind(objects, 'CronJob');
    expect(schemaProblems([cronJob])).toEqual([]);
    const pod = cronJob.spec.jobTemplate.spec.template.spec;
    // The dump first, in a scratch volume (no claim), then the copy.
    expect(pod.initContainers.map((container: { name: string }) => container.name)).toEqual(['backup']);
    expect(pod.volumes[0]).toEqual({ name: 'backups', emptyDir: {} });
    expect(backupScript(objects)).toContain(`schemas="${serviceNames.join(' ')}"`);
    const [upload] = pod.containers;
    expect(upload.name).toBe('upload');
    expect(upload.command[2]).toContain(
      'aws s3 sync /backups "$DESTINATION" --exclude "*" --include "$APP_NAMESPACE-*.dump"',
    );
    expect(upload.env).toEqual(
      expect.arrayContaining([
        { name: 'DESTINATION', value: 's3://promptlib-backups/prod' },
        { name: 'AWS_ENDPOINT_URL', value: 'https://minio.storage.svc:9000' },
        { name: 'AWS_REGION', value: 'us-east-1' },
        {
          name: 'AWS_SECRET_ACCESS_KEY',
          valueFrom: { secretKeyRef: { name: 'backup-bucket', key: 'AWS_SECRET_ACCESS_KEY' } },
        },
      ]),
    );
    expect(upload.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    expect(upload.volumeMounts).toContainEqual({ name: 'backups', mountPath: '/backups', readOnly: true });
    // Its policy lets it reach the store's port too.
    const [policy] = ofKind(objects, 'NetworkPolicy').filter(
      (each) => each.metadata.name === 'prompt-library-backup',
    );
    expect(schemaProblems([policy])).toEqual([]);
    const ports = policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
      rule.ports.map((port) => port.port),
    );
    expect([...new Set(ports)].sort()).toEqual([443, 53, 5432]);
  }, 300_000);

  it('is not there by default, and asks where the dumps go when enabled without a claim or a bucket', async () => {
    const byDefault = await rendered({});
    expect(ofKind(byDefault, 'CronJob')).toEqual([]);
    expect(byDefault.map((object) => object.metadata.name)).not.toContain('prompt-library-backup');
    await expect(rendered({ backup: { enabled: true } })).rejects.toThrow(
      /backup.persistentVolumeClaim must name the PersistentVolumeClaim the dumps go to, or backup.objectStore.url the bucket/,
    );
    await expect(
      rendered({ backup: { enabled: true, objectStore: { url: 's3://promptlib-backups' } } }),
    ).rejects.toThrow(/backup.objectStore.existingSecret must name the Secret/);
  }, 300_000);
});
