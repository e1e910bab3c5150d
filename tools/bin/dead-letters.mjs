// `npm run dead-letters`: build if need be, then the compiled command.
import { build, checkNode, root } from './prepare.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

checkNode();
build();
// A CommonJS module of several exports: Node sees them on its default export only.
const { default: cli } = await import(
  pathToFileURL(join(root, 'tools', 'dist', 'dead-letters', 'cli.js')).href
);
process.exitCode = await cli.runDeadLettersCommand(process.argv.slice(2));
