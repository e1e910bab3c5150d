// `npm run test:containers`: install and build everything, then the container test in system-tests builds and
// runs every image and the compose file.
import { build, checkNode, install, root } from './prepare.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

checkNode();
install();
build();
const { testContainers } = await import(
  pathToFileURL(join(root, 'system-tests', 'dist', 'containers', 'test-containers.js')).href
);
process.exit(await testContainers());
