// The architecture's import rules, checked by `npm run check:boundaries` (part of `npm test`).
// Paths are the files an import resolves to, so a package import (`@promptlib/platform`) is judged
// by the package it lands in. Packages expose entry points through `exports`: a deep import into
// another package's files (`@promptlib/platform/dist/...`) does not resolve and is refused too.
// tools/sandboxes is a package of its own inside tools/, so it is named before tools.
const PACKAGE =
  '(proto|platform|gateway|frontend|extension|tools/sandboxes|tools|system-tests|services/[^/]+)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'proto-depends-on-no-package-of-ours',
      comment: 'proto holds the contracts everyone imports, so it may import none of them.',
      severity: 'error',
      from: { path: '^proto/' },
      to: { path: '^(platform|gateway|frontend|extension|tools|system-tests|services)/' },
    },
    {
      name: 'platform-depends-only-on-proto',
      comment:
        'platform is what every backend process shares; it knows the contracts and nothing else of ours.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^(gateway|frontend|tools|system-tests|services)/' },
    },
    {
      name: 'service-imports-no-other-service',
      comment: 'A service reaches another only over NATS, through the contracts in proto.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-imports-no-gateway-or-spa',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^(gateway|frontend)/' },
    },
    {
      name: 'gateway-imports-no-service',
      comment: 'The gateway holds no domain rules: it calls the services over NATS.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^(services|frontend)/' },
    },
    {
      name: 'gateway-api-area-imports-no-other-area',
      comment:
        'Each API area stands alone; what several use lives in clients/, session/, rate-limit/, common/ or config/.',
      severity: 'error',
      from: { path: '^gateway/src/(auth|library|sharing|billing|health|client-config|openapi|web)/' },
      to: {
        path: '^gateway/src/(auth|library|sharing|billing|health|client-config|openapi|web)/',
        pathNot: '^gateway/src/$1/',
      },
    },
    {
      name: 'gateway-loads-no-database',
      comment:
        'The gateway has no database: it imports @promptlib/platform, never @promptlib/platform/service, so TypeORM and pg are not loaded at each of its starts.',
      severity: 'error',
      from: { path: '^gateway/src/' },
      to: { path: '^(platform/(src/service\\.ts|dist/service\\.js)$|node_modules/(typeorm|pg)/)' },
    },
    {
      name: 'platform-entry-reaches-no-database',
      comment:
        '@promptlib/platform is what the gateway loads too: what needs TypeORM or pg is exported by @promptlib/platform/service alone.',
      severity: 'error',
      from: { path: '^platform/src/index\\.ts$' },
      to: { path: '^node_modules/(typeorm|pg)/', reachable: true },
    },
    {
      name: 'spa-imports-only-proto',
      comment: 'The browser app shares types and constants with the server through proto alone.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(platform|gateway|services|tools|system-tests)/' },
    },
    {
      name: 'extension-imports-only-proto',
      comment:
        'The browser extension talks to the server over its HTTP API like any client; it shares the template rules through proto alone.',
      severity: 'error',
      from: { path: '^extension/' },
      to: { path: '^(platform|gateway|frontend|services|tools|system-tests)/' },
    },
    {
      name: 'production-code-imports-no-dev-tools',
      comment:
        'tools (the sandboxes with them), system-tests and the test helpers of platform are for development and tests; what ships never needs them.',
      severity: 'error',
      from: {
        path: '^(proto|platform|gateway|frontend|extension|services/[^/]+)/src/',
        pathNot: '\\.spec\\.tsx?$',
      },
      to: { path: '^(tools|system-tests|platform/testing|platform/dist-testing)/' },
    },
    {
      name: 'sandboxes-depend-on-no-package-of-ours',
      comment:
        'A sandbox plays an outside service (Stripe, Google) as that service speaks, so it knows nothing of our code; its tests may use the test helpers.',
      severity: 'error',
      from: { path: '^tools/sandboxes/src/' },
      to: {
        path: '^(proto|platform|gateway|frontend|tools|system-tests|services)/',
        pathNot: '^tools/sandboxes/',
      },
    },
    {
      name: 'tools-import-the-sandboxes-by-name',
      comment:
        'tools/sandboxes is a package of its own inside tools/: the tools import it as @promptlib/sandboxes, not by a relative path.',
      severity: 'error',
      from: { path: '^tools/', pathNot: '^tools/sandboxes/' },
      to: { dependencyTypes: ['local'], path: '^tools/sandboxes/' },
    },
    {
      name: 'no-relative-import-into-another-package',
      comment: 'Another package is imported by its name, through the entry points it exports.',
      severity: 'error',
      from: { path: `^${PACKAGE}/` },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    {
      name: 'no-import-into-dist',
      comment: 'Build output is reached through a package entry point, never by its path.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['local'], path: '(^|/)dist/' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'Also what a deep import into a package that does not export that path comes to.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'require', 'import', 'node', 'default'],
      mainFields: ['types', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
