import { describe, expect, it } from 'vitest';
import { busAccess, subjects, type BusProcess, type Subject } from '@promptlib/proto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { permissionsOf, renderNatsConfig } from './render-nats-config';
import { NATS_CONFIG_PATH } from './write-nats-config';

const repoRoot = path.resolve(__dirname, '../../..');

/** The request subjects a process's source names (`subjects.<service>.<name>`), its own service's aside. */
function subjectsNamedIn(process: BusProcess): Subject[] {
  const root = path.join(repoRoot, process === 'gateway' ? 'gateway/src' : `services/${process}/src`);
  const named = new Set<Subject>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const [, service, name] of source.matchAll(/subjects\.(auth|library|sharing|billing)\.(\w+)/g)) {
      if (service === process) continue;
      named.add((subjects as Record<string, Record<string, Subject>>)[service][name]);
    }
  }
  return [...named].sort();
}

describe('the NATS server config', () => {
  it('is what proto says each process may do (run `npm run nats:config` after changing busAccess)', () => {
    expect(readFileSync(NATS_CONFIG_PATH, 'utf8')).toBe(renderNatsConfig());
  });

  it('lets the gateway only request and read the stream live, and only services publish events', () => {
    const gateway = permissionsOf('gateway');
    expect(gateway.subscribe).toEqual(['_INBOX_gateway.>']);
    const requests = gateway.publish.filter((subject) => !subject.startsWith('$JS.'));
    expect(requests.every((subject) => /^\*\.(auth|library|sharing|billing)\./.test(subject))).toBe(true);
    // The live feed's ordered consumer: no stream changes, no acknowledgements.
    const jetStream = gateway.publish.filter((subject) => subject.startsWith('$JS.'));
    expect(jetStream.filter((subject) => /STREAM\.(CREATE|UPDATE|DELETE)|\$JS\.ACK/.test(subject))).toEqual(
      [],
    );
    expect(permissionsOf('billing').publish).toContain('*.events.tier.changed');
    expect(permissionsOf('library').publish).not.toContain('*.events.tier.changed');
  });

  it('lets a service answer its own subjects only, and request only what it lists', () => {
    const sharing = permissionsOf('sharing');
    expect(sharing.subscribe).toEqual(['*.sharing.>', '_INBOX_sharing.>']);
    expect(sharing.publish.filter((subject) => subject.startsWith('*.library.'))).toEqual([
      '*.library.prompts.get',
    ]);
    expect(sharing.allowResponses).toBe(true);
  });

  it('gives each service its own durable by name, and the gateway any consumer but those', () => {
    const consumerSubjects = (subjects: string[]) =>
      subjects.filter((subject) => subject.startsWith('$JS.API.CONSUMER.') || subject.startsWith('$JS.ACK.'));
    for (const service of ['library', 'sharing', 'billing'] as const) {
      const own = consumerSubjects(permissionsOf(service).publish);
      expect(own.length).toBeGreaterThan(0);
      expect(
        own.every((subject) => subject.endsWith(`.${service}`) || subject.endsWith(`.${service}.>`)),
      ).toBe(true);
    }
    const denied = permissionsOf('gateway').publishDenied;
    expect(denied).toContain('$JS.API.CONSUMER.MSG.NEXT.*.library');
    expect(denied).toContain('$JS.API.CONSUMER.DELETE.*.billing');
    expect(permissionsOf('sharing').publishDenied).toEqual([]);
  });

  it('lets each consuming service put events in its own dead letters only, and no one else any', () => {
    const deadLetters = (process: BusProcess) =>
      permissionsOf(process).publish.filter((subject) => subject.includes('deadletters'));
    expect(deadLetters('library')).toEqual(['*.deadletters.library.>']);
    expect(deadLetters('sharing')).toEqual(['*.deadletters.sharing.>']);
    expect(deadLetters('billing')).toEqual(['*.deadletters.billing.>']);
    expect(deadLetters('auth')).toEqual([]);
    expect(deadLetters('gateway')).toEqual([]);
  });

  it.each(Object.keys(busAccess) as BusProcess[])(
    'grants %s exactly the requests its code makes, and no other',
    (process) => {
      expect([...busAccess[process].requests].sort()).toEqual(subjectsNamedIn(process));
    },
  );
});
