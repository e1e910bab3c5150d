import path from 'node:path';

import type { InfraKind } from './types';

export type DataDirContext = {
  uid: number | null;
  env: Record<string, string | undefined>;
  homedir: string;
};

// Root gets a system location so the data survives whichever user's HOME happens to be set.
export function defaultDataDir(context: DataDirContext): string {
  if (context.uid === 0) {
    return '/var/lib/promptlib';
  }
  const xdg = context.env.XDG_DATA_HOME;
  const base =
    xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(context.homedir, '.local', 'share');
  return path.join(base, 'promptlib');
}

// The port is part of the name so an instance on a private port never shares files with the default one.
export function serverDataDir(dataDir: string, kind: InfraKind, port: number): string {
  return path.join(dataDir, `${kind}-${port}`);
}
