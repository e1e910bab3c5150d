// `npm test`: install and build, then the compiled runner provisions a private namespace and runs every suite.
import { build, checkNode, install, root } from './prepare.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const started = Date.now();
checkNode();
install();
build();
const { runAllSuites } = await import(pathToFileURL(join(root, 'tools', 'dist', 'run', 'test.js')).href);
const code = await runAllSuites(started);
process.exit(code);
