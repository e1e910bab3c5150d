import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Prompt } from '@promptlib/proto';
import { serviceNames } from '@promptlib/proto';
import { backUpDatabase, renderChart, restoreDatabase } from '@promptlib/tools/testing';
import { Client } from 'pg';
import { stringify } from 'yaml';
import { backupScript, parseRendered } from '../deploy/chart-checks';
import { repoRoot } from '../support/processes';
import { ApiClient, STRONG_PASSWORD } from '../support/api-client';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { startStack, type Gateway, type Stack } from '../support/stack';

const SERVICES = ['auth', 'library', 'sharing', 'billing'] as const;

/**
 * The restore drill: a library seeded through the API, dumped as the schemas' owner, every schema
 * dropped, restored from the dump, and every user's data read back the same through the API.
 */
describe('a backup of every service’s schema, restored', () => {
  let stack: Stack;
  let gateway: Gateway;
  let dir: string;

  beforeAll(async () => {
    // Views reach Postgres only when sharing stops: a flush between the reads before the backup and
    // the dump put a view in the backup that the export read before it had not seen (a slow
    // machine's seeding took about the flush interval, 10 s by default).
    stack = await startStack('backup', [...SERVICES], {
      services: { SHARE_VIEWS_FLUSH_INTERVAL_MS: '3600000' },
    });
    gateway = await stack.startGateway();
    dir = await mkdtemp(join(tmpdir(), 'promptlib-backup-'));
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
    // Unset when the stack did not start: the failure to read is that one.
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A user with prompts, tags, a favourite, an edit (a second version) and a public link. */
  async function seededUser(index: number): Promise<{ user: LibraryUser; shareId: string }> {
    const user = await newLibraryUser(gateway.url, `backup${index}`);
    const prompts: Prompt[] = [];
    for (let count = 0; count < 3; count += 1) {
      prompts.push(await createPrompt(user, { title: `Kept ${index}.${count}`, tags: [`tag${count}`] }));
    }
    const [first, second] = prompts;
    const edit = { title: first.title, content: 'Edited after it was made', categoryId: first.categoryId };
    expect((await user.client.send('PATCH', `/api/prompts/${first.id}`, edit, {})).status).toBe(200);
    expect((await user.client.post(`/api/prompts/${second.id}/toggle-favorite`)).status).toBe(200);
    const shared = await user.client.post<{ shareId: string }>(`/api/prompts/${second.id}/share`);
    expect(shared.status).toBe(200);
    return { user, shareId: shared.body.shareId };
  }

  /** What a user can read of their data: the account export (its time aside) and the public link. */
  async function readBack(user: LibraryUser, shareId: string) {
    const exported = await user.client.get<Record<string, unknown>>('/api/user/export');
    expect(exported.status).toBe(200);
    // Sessions live in Redis, not in the backup, and note each request's time.
    const { exportedAt: _exportedAt, sessions: _sessions, ...data } = exported.body;
    const shared = await new ApiClient(gateway.url).get(`/api/shared/${shareId}`);
    return { data, shared: { status: shared.status, body: shared.body } };
  }

  it('reads back every user’s data the same after the schemas were dropped', async () => {
    const seeded = await Promise.all([1, 2, 3].map(seededUser));
    const before = await Promise.all(seeded.map(({ user, shareId }) => readBack(user, shareId)));
    expect(before.every((read) => read.shared.status === 200)).toBe(true);

    const owner = stack.access.migrateEnv.DATABASE_URL;
    const file = join(dir, 'backup.dump');
    await backUpDatabase(owner, file);

    await Promise.all(SERVICES.map((service) => stack.services[service].stop()));
    const admin = new Client({ connectionString: stack.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA ${serviceNames.join(', ')} CASCADE`);
    } finally {
      await admin.end();
    }

    await restoreDatabase({
      databaseUrl: owner,
      file,
      redisUrl: stack.env.REDIS_URL,
      namespace: stack.namespace,
    });
    // The services start on the restored schemas, each as its own login.
    await Promise.all(SERVICES.map((service) => stack.startService(service)));

    const after = await Promise.all(seeded.map(({ user, shareId }) => readBack(user, shareId)));
    expect(after).toEqual(before);
    // Their passwords came back too.
    const again = new ApiClient(gateway.url);
    expect(
      (await again.post('/api/login', { username: seeded[0].user.username, password: STRONG_PASSWORD }))
        .status,
    ).toBe(200);
  }, 360_000);

  it('has the chart’s CronJob make a dump of every schema, with the extension its indexes need', async () => {
    const values = join(dir, 'values.yaml');
    await writeFile(values, stringify({ backup: { enabled: true, persistentVolumeClaim: 'backups' } }));
    const chart = resolve(repoRoot, 'deploy/helm/prompt-library');
    const objects = parseRendered((await renderChart({ chartDir: chart, valuesFiles: [values] })).yaml);
    // The script as the container runs it, its volume a directory here.
    const target = join(dir, 'cronjob');
    const script = backupScript(objects).replaceAll('/backups', target);
    await rm(target, { recursive: true, force: true });
    await mkdir(target);
    const run = spawnSync('/bin/sh', ['-ec', script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: stack.access.migrateEnv.DATABASE_URL,
        APP_NAMESPACE: stack.namespace,
        KEEP_DAYS: '14',
      },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    const [dump] = await readdir(target);
    expect(dump).toMatch(new RegExp(`^${stack.namespace}-\\d{8}T\\d{6}Z\\.dump$`));
    const listed = spawnSync('pg_restore', ['--list', join(target, dump)], { encoding: 'utf8' }).stdout;
    for (const schema of serviceNames) expect(listed).toMatch(new RegExp(`SCHEMA - ${schema} `));
    expect(listed).toMatch(/EXTENSION - pg_trgm/);
  }, 360_000);
});
