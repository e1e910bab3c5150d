import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The gateway's folder, the nearest one above this file with a package.json: found rather than
 * counted in `..`s, since this code runs from the source tree (tests), from dist, and from dist's
 * one-file bundle (tools/build/bundle-app.mjs), each at its own depth.
 */
export function packageRoot(from: string = __dirname): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

let version: string | undefined;

/** The gateway's version, as its package.json gives it: the API's and the MCP server's version. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
