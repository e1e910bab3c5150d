import { sandboxSettings } from '@promptlib/sandboxes';

import { dockerfileStages, environmentProblems, finalTargets, targetProblems } from './compose-checks';
import { ComposeFileError, parseComposeFile, substitute } from './compose-file';
import { COMPOSE_FILE, composeApps, DOCKERFILE, readRepoFile } from './deploy-files';

const composeText = readRepoFile(COMPOSE_FILE);
const dockerfileText = readRepoFile(DOCKERFILE);

describe('docker-compose.yml and deploy/Dockerfile', () => {
  it('parse, and name the services and images the stack needs', () => {
    const services = parseComposeFile(composeText);
    expect(Object.keys(services).sort()).toEqual(
      [
        'auth',
        'billing',
        'gateway',
        'google-sandbox',
        'library',
        'migrate',
        'nats',
        'postgres',
        'redis',
        'sharing',
        'stripe-sandbox',
      ].sort(),
    );
    expect(services['google-sandbox'].profiles).toEqual(['google']);
    expect(finalTargets(dockerfileStages(dockerfileText)).sort()).toEqual(
      ['auth', 'billing', 'gateway', 'library', 'migrate', 'sandboxes', 'sharing'].sort(),
    );
  });

  it('give every app each variable it needs and none it does not read, and the apps accept them', () => {
    expect(environmentProblems(parseComposeFile(composeText), composeApps)).toEqual([]);
  });

  it('give the sandboxes settings they accept', () => {
    const services = parseComposeFile(composeText);
    expect(sandboxSettings('stripe', services['stripe-sandbox'].environment)).toMatchObject({
      webhookUrl: 'http://gateway:8080/api/webhooks/stripe',
      secretKey: services.billing.environment.STRIPE_SECRET_KEY,
      webhookSecret: services.billing.environment.STRIPE_WEBHOOK_SECRET,
    });
    expect(sandboxSettings('google', services['google-sandbox'].environment)).toMatchObject({
      publicUrl: services.auth.environment.GOOGLE_ISSUER,
    });
  });

  it('agree on the images: every compose build is a final Dockerfile target and every target is built', () => {
    expect(targetProblems(parseComposeFile(composeText), dockerfileText, DOCKERFILE)).toEqual([]);
  });

  it('take the values a user sets in place of the defaults', () => {
    const services = parseComposeFile(composeText, {
      HTTP_PORT: '9000',
      PUBLIC_URL: 'http://localhost:9000',
    });
    expect(services.gateway.environment.PUBLIC_URL).toBe('http://localhost:9000');
    expect(services.billing.environment.PUBLIC_URL).toBe('http://localhost:9000');
  });
});

describe('the checks fail on a broken copy', () => {
  it('of YAML that does not parse', () => {
    const broken = composeText.replace('services:\n', 'services:\n  oops: [\n');
    expect(() => parseComposeFile(broken)).toThrow(ComposeFileError);
    expect(() =>
      parseComposeFile(composeText.replace('  redis:\n    image', '  postgres:\n    image')),
    ).toThrow(/does not parse/);
  });

  it('that leaves out a variable an app needs', () => {
    const broken = composeText.replace(/^ {6}DATABASE_URL: \*library-database\n/m, '');
    expect(environmentProblems(parseComposeFile(broken), composeApps)).toEqual([
      'library reads DATABASE_URL, which compose does not give it',
    ]);
  });

  it('that gives an app a variable it does not read', () => {
    const broken = composeText.replace(
      '      NATS_USER: library\n',
      '      NATS_USER: library\n      LIBRARY_MODE: fast\n',
    );
    expect(environmentProblems(parseComposeFile(broken), composeApps)).toEqual([
      'compose gives library LIBRARY_MODE, which library does not read',
    ]);
  });

  it('that gives an app a value it refuses', () => {
    const services = parseComposeFile(composeText, { SESSION_SECRET: 'short' });
    expect(environmentProblems(services, composeApps)).toEqual([
      expect.stringMatching(/^gateway refuses its compose environment: .*SESSION_SECRET/),
    ]);
  });

  it('that builds a target the Dockerfile lacks, or leaves one unbuilt', () => {
    const renamed = composeText.replace('target: sharing }', 'target: share }');
    expect(targetProblems(parseComposeFile(renamed), dockerfileText, DOCKERFILE)).toEqual([
      'sharing builds target share, which deploy/Dockerfile lacks',
      'deploy/Dockerfile target sharing is built by no compose service',
    ]);
    const intermediate = composeText.replace('target: sharing }', 'target: runtime-deps }');
    expect(targetProblems(parseComposeFile(intermediate), dockerfileText, DOCKERFILE)).toContain(
      'sharing builds runtime-deps, an intermediate stage',
    );
  });

  it('of a Dockerfile with a target compose does not build', () => {
    const extra = `${dockerfileText}\nFROM app AS worker\nCMD ["node", "worker.js"]\n`;
    expect(targetProblems(parseComposeFile(composeText), extra, DOCKERFILE)).toEqual([
      'deploy/Dockerfile target worker is built by no compose service',
    ]);
  });
});

describe('substitute', () => {
  it('follows compose: defaults for unset (and with :- empty) variables, $$ for a dollar', () => {
    expect(substitute('${A:-x}/${B-y}/${C}/$D/$$E', { B: '', D: 'd' })).toBe('x///d/$E');
    expect(substitute('${A:-x}', { A: '' })).toBe('x');
    expect(substitute('${A-x}', { A: '' })).toBe('');
  });
});
