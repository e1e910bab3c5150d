import { readFileSync } from 'node:fs';
import { permissionsOf, renderNatsConfig } from './render-nats-config';
import { NATS_CONFIG_PATH } from './write-nats-config';

describe('the NATS server config', () => {
  it('is what proto says each process may do (run `npm run nats:config` after changing busAccess)', () => {
    expect(readFileSync(NATS_CONFIG_PATH, 'utf8')).toBe(renderNatsConfig());
  });

  it('lets the gateway only request and read the stream live, and only services publish events', () => {
    const gateway = permissionsOf('gateway');
    expect(gateway.subscribe).toEqual(['_INBOX.>']);
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
    expect(sharing.subscribe).toEqual(['*.sharing.>', '_INBOX.>']);
    expect(sharing.publish.filter((subject) => subject.startsWith('*.library.'))).toEqual([
      '*.library.prompts.get',
    ]);
    expect(sharing.allowResponses).toBe(true);
  });
});
