// `npm run backup` and `npm run restore`: build if need be, then the compiled command.
import { build, checkNode, root } from './prepare.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

checkNode();
build();
const { runBackupCommand } = await import(
  pathToFileURL(join(root, 'tools', 'dist', 'backup', 'cli.js')).href
);
const [command, ...args] = process.argv.slice(2);
process.exitCode = await runBackupCommand(command, args);
