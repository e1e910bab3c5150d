import { writeFile } from 'node:fs/promises';

import { errorMessage } from './errors';
import { findExecutable, runCommand } from './processes';
import type { Log } from './types';

export type DebianCluster = { version: string; name: string; port: number; online: boolean };

export async function listDebianClusters(): Promise<DebianCluster[]> {
  const tool = await findExecutable('pg_lsclusters');
  if (tool === null) {
    return [];
  }
  const { stdout } = await runCommand(tool, ['--no-header']);
  return parseClusters(stdout);
}

export function parseClusters(output: string): DebianCluster[] {
  return output
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && /^\d+$/.test(fields[2] ?? ''))
    .map(([version = '', name = '', port = '', status = '']) => ({
      version,
      name,
      port: Number(port),
      online: status.startsWith('online'),
    }));
}

// Installing the postgresql package creates and starts a "main" cluster that only allows password logins;
// when it sits on a port we need, stop it and keep it from coming back at boot. Older clusters are left alone.
export async function stopClustersCreatedByInstall(
  before: DebianCluster[],
  ports: number[],
  log: Log,
): Promise<void> {
  const known = new Set(before.map((cluster) => `${cluster.version}/${cluster.name}`));
  const created = (await listDebianClusters()).filter(
    (cluster) =>
      !known.has(`${cluster.version}/${cluster.name}`) && cluster.online && ports.includes(cluster.port),
  );
  for (const cluster of created) {
    log(
      `stopping the Debian cluster ${cluster.version}/${cluster.name} the install started on port ${cluster.port}`,
    );
    try {
      await runCommand('pg_ctlcluster', [cluster.version, cluster.name, 'stop']);
      await writeFile(`/etc/postgresql/${cluster.version}/${cluster.name}/start.conf`, 'manual\n');
    } catch (error) {
      throw new Error(
        `Port ${cluster.port} is taken by the Debian Postgres cluster ${cluster.version}/${cluster.name}, ` +
          `which could not be stopped (${errorMessage(error)}): stop it or set DATABASE_URL.`,
      );
    }
  }
}
