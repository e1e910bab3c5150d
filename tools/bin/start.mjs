// `npm start`: install, build, then hand over to the compiled runner (infrastructure, migrations, apps).
import { build, checkNode, install, root } from './prepare.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

checkNode();
install();
build();
const { startAll } = await import(pathToFileURL(join(root, 'tools', 'dist', 'run', 'start.js')).href);
await startAll(process.argv.slice(2));
