import { describe, expect, it } from 'vitest';
import { promptListChange } from './prompt-list-changes';

describe('promptListChange', () => {
  it('tells an MCP client the prompt list changed when a prompt, its tags or its category change, with the event id', () => {
    for (const type of [
      'prompt.updated',
      'prompt.deleted',
      'prompt.marked',
      'tag.changed',
      'category.updated',
      'category.deleted',
      'reset',
    ] as const) {
      const frame = promptListChange({ frame: 'ignored', type, id: 'mx0y-42' });
      expect(frame).toBe(
        'id: mx0y-42\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}\n\n',
      );
    }
  });

  it('says nothing of a link or the plan, which the list does not show', () => {
    for (const type of ['share.changed', 'tier.changed'] as const) {
      expect(promptListChange({ frame: 'ignored', type, id: 'mx0y-42' })).toBeNull();
    }
  });
});
