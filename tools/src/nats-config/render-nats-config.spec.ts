import { readFileSync } from 'node:fs';
import { permissionsOf, renderNatsConfig } from './render-nats-config';
import { NATS_CONFIG_PATH } from './write-nats-config';

describe('the NATS server config', () => {
  it('is what proto says each process may do (run `npm run nats:config` after changing busAccess)', () => {
    expect(readFileSync(NATS_CONFIG_PATH, 'utf8')).toBe(renderNatsConfig());
  });

  it('lets the gateway only request, and only services publish events', () => {
    const gateway = permissionsOf('gateway');
    expect(gateway.subscribe).toEqual(['_INBOX.>']);
    expect(gateway.publish.every((subject) => /^\*\.(auth|library|sharing|billing)\./.test(subject))).toBe(
      true,
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
