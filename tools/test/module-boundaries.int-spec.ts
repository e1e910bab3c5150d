import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

/** A package of the miniature repository: its folder, name, and the entry points it exports. */
type FixturePackage = { dir: string; name: string; exports: Record<string, string> };

const PACKAGES: FixturePackage[] = [
  { dir: 'proto', name: '@promptlib/proto', exports: { '.': './dist/index.js' } },
  {
    dir: 'platform',
    name: '@promptlib/platform',
    exports: {
      '.': './dist/index.js',
      './service': './dist/service.js',
      './testing': './dist-testing/index.js',
    },
  },
  { dir: 'gateway', name: '@promptlib/gateway', exports: { '.': './dist/main.js' } },
  { dir: 'services/auth', name: '@promptlib/auth', exports: { '.': './dist/main.js' } },
  { dir: 'services/library', name: '@promptlib/library', exports: { '.': './dist/main.js' } },
  { dir: 'services/billing', name: '@promptlib/billing', exports: { '.': './dist/main.js' } },
  { dir: 'frontend', name: '@promptlib/frontend', exports: { './i18n/*.json': './src/i18n/*.json' } },
  { dir: 'tools', name: '@promptlib/tools', exports: { './testing': './dist/testing.js' } },
  { dir: 'tools/sandboxes', name: '@promptlib/sandboxes', exports: { '.': './dist/index.js' } },
  { dir: 'system-tests', name: '@promptlib/system-tests', exports: {} },
];

/**
 * The repository's layout in miniature, with every package linked into node_modules as npm
 * workspaces link them, so the real configuration resolves imports exactly as in the repository.
 */
function miniatureRepository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const pkg of PACKAGES) {
    write(`${pkg.dir}/package.json`, JSON.stringify({ name: pkg.name, exports: pkg.exports }));
    for (const target of Object.values(pkg.exports)) {
      write(join(pkg.dir, target.replace('*', 'en')), target.endsWith('.json') ? '{}' : 'export {};\n');
    }
    mkdirSync(dirname(join(root, 'node_modules', pkg.name)), { recursive: true });
    symlinkSync(join(root, pkg.dir), join(root, 'node_modules', pkg.name), 'dir');
  }
  write('platform/dist/outbox/outbox-relay.js', 'export {};\n');
  write('node_modules/typeorm/package.json', JSON.stringify({ name: 'typeorm', main: 'index.js' }));
  write('node_modules/typeorm/index.js', 'export {};\n');
  write('tools/dist/run/exec.js', 'export {};\n');
  for (const [path, text] of Object.entries(files)) write(path, text);
  return root;
}

/** `rule: from → to` for every violation the boundary check finds in the given files. */
function violations(root: string, paths: string[]): string[] {
  const run = spawnSync(DEPCRUISE, ['--config', CONFIG, '--output-type', 'json', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the module boundary check', () => {
  let root: string;

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('rejects one forbidden import of each kind', () => {
    root = miniatureRepository({
      'proto/src/contracts.ts': "import '@promptlib/platform';\n",
      'platform/src/client.ts': "import '@promptlib/gateway';\n",
      'services/library/src/users.ts': "import '@promptlib/auth';\n",
      'services/library/src/http.ts': "import '@promptlib/gateway';\n",
      'gateway/src/library.ts': "import '@promptlib/library';\n",
      'gateway/src/auth/user-profiles.ts': "import '../library/library.client';\n",
      'gateway/src/library/library.client.ts': 'export {};\n',
      'gateway/src/billing/billing.controller.ts': "import '../library/library.client';\n",
      'services/billing/src/tiers.ts': "import '@promptlib/library';\n",
      'frontend/src/api.ts': "import '@promptlib/platform';\n",
      'services/auth/src/ports.ts': "import '@promptlib/tools/testing';\n",
      'services/library/src/seed.ts': "import '@promptlib/platform/testing';\n",
      'services/auth/test/relay.ts': "import '@promptlib/platform/dist/outbox/outbox-relay';\n",
      'system-tests/support/ports.ts': "import '../../tools/dist/run/exec';\n",
      'services/billing/src/checkout.ts': "import '@promptlib/sandboxes';\n",
      'tools/sandboxes/src/prices.ts': "import '@promptlib/proto';\n",
      'tools/sandboxes/src/index.ts': 'export {};\n',
      'tools/src/run/stripe-access.ts': "import '../../sandboxes/src/index';\n",
      'gateway/src/sessions.ts': "import '@promptlib/platform/service';\nimport 'typeorm';\n",
      'platform/src/index.ts': "import './nats/connect';\n",
      'platform/src/nats/connect.ts': "import '../database/db';\n",
      'platform/src/database/db.ts': "import 'typeorm';\n",
    });
    expect(
      violations(root, ['proto', 'platform', 'services', 'gateway', 'frontend', 'tools', 'system-tests']),
    ).toEqual([
      'gateway-api-area-imports-no-other-area: gateway/src/auth/user-profiles.ts → gateway/src/library/library.client.ts',
      'gateway-api-area-imports-no-other-area: gateway/src/billing/billing.controller.ts → gateway/src/library/library.client.ts',
      'gateway-imports-no-service: gateway/src/library.ts → services/library/dist/main.js',
      'gateway-loads-no-database: gateway/src/sessions.ts → node_modules/typeorm/index.js',
      'gateway-loads-no-database: gateway/src/sessions.ts → platform/dist/service.js',
      'no-import-into-dist: system-tests/support/ports.ts → tools/dist/run/exec.js',
      'no-relative-import-into-another-package: system-tests/support/ports.ts → tools/dist/run/exec.js',
      'no-unresolvable-import: services/auth/test/relay.ts → @promptlib/platform/dist/outbox/outbox-relay',
      'platform-depends-only-on-proto: platform/src/client.ts → gateway/dist/main.js',
      'platform-entry-reaches-no-database: platform/src/index.ts → node_modules/typeorm/index.js',
      'production-code-imports-no-dev-tools: services/auth/src/ports.ts → tools/dist/testing.js',
      'production-code-imports-no-dev-tools: services/billing/src/checkout.ts → tools/sandboxes/dist/index.js',
      'production-code-imports-no-dev-tools: services/library/src/seed.ts → platform/dist-testing/index.js',
      'proto-depends-on-no-package-of-ours: proto/src/contracts.ts → platform/dist/index.js',
      'sandboxes-depend-on-no-package-of-ours: tools/sandboxes/src/prices.ts → proto/dist/index.js',
      'service-imports-no-gateway-or-spa: services/library/src/http.ts → gateway/dist/main.js',
      'service-imports-no-other-service: services/billing/src/tiers.ts → services/library/dist/main.js',
      'service-imports-no-other-service: services/library/src/users.ts → services/auth/dist/main.js',
      'spa-imports-only-proto: frontend/src/api.ts → platform/dist/index.js',
      'tools-import-the-sandboxes-by-name: tools/src/run/stripe-access.ts → tools/sandboxes/src/index.ts',
    ]);
  });

  it('lets each package import what the architecture allows', () => {
    root = miniatureRepository({
      'platform/src/client.ts': "import '@promptlib/proto';\n",
      'services/library/src/prompts.ts':
        "import '@promptlib/proto';\nimport '@promptlib/platform';\nimport './rules';\n",
      'services/library/src/prompts.repository.ts':
        "import '@promptlib/platform/service';\nimport 'typeorm';\n",
      'platform/src/index.ts': "import './nats/connect';\n",
      'platform/src/nats/connect.ts': 'export {};\n',
      'platform/src/service.ts': "import './database/db';\n",
      'platform/src/database/db.ts': "import 'typeorm';\n",
      'services/library/src/rules.ts': 'export {};\n',
      'services/library/test/prompts.ts':
        "import '@promptlib/platform/testing';\nimport '@promptlib/tools/testing';\n",
      'gateway/src/library.ts': "import '@promptlib/proto';\nimport '@promptlib/platform';\n",
      'gateway/src/auth/user-profiles.ts':
        "import '../clients/library.client';\nimport '../session/session-user';\n",
      'gateway/src/clients/library.client.ts': 'export {};\n',
      'gateway/src/session/session-user.ts': 'export {};\n',
      'frontend/src/api.ts': "import '@promptlib/proto';\n",
      'system-tests/e2e/texts.ts':
        "import '@promptlib/frontend/i18n/en.json';\nimport '@promptlib/tools/testing';\n",
      'services/billing/test/checkout.ts': "import '@promptlib/sandboxes';\n",
      'tools/src/run/stripe-access.ts': "import '@promptlib/sandboxes';\nimport '../infra/urls';\n",
      'tools/src/infra/urls.ts': 'export {};\n',
      'tools/sandboxes/src/main.ts': "import './stripe/sandbox-server';\n",
      'tools/sandboxes/src/stripe/sandbox-server.ts': 'export {};\n',
      'tools/sandboxes/test/stripe.ts': "import '@promptlib/platform/testing';\nimport '../src/main';\n",
    });
    expect(
      violations(root, ['platform', 'services', 'gateway', 'frontend', 'tools', 'system-tests']),
    ).toEqual([]);
  });
});
