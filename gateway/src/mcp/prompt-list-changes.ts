import type { LiveChangeType } from '@promptlib/proto';
import type { Delivery } from '../live/live-feed';

// The changes that add a prompt to the MCP prompt list, take one away, or change its title, its
// arguments (the content) or its description (its category's name and its tags; a star comes with
// the tags). Links and the plan do not show in it.
const LIST_CHANGES: ReadonlySet<LiveChangeType | 'reset'> = new Set([
  'prompt.updated',
  'prompt.deleted',
  'prompt.marked',
  'tag.changed',
  'category.updated',
  'category.deleted',
  // Changes were missed: the list may have changed.
  'reset',
]);

const LIST_CHANGED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/prompts/list_changed' });

/**
 * The live feed's change as the MCP notification it means, with the change's event id so the
 * client's reconnect resumes after it; null for a change the prompt list does not show.
 */
export function promptListChange(delivery: Delivery): string | null {
  if (!LIST_CHANGES.has(delivery.type)) return null;
  return `id: ${delivery.id}\nevent: message\ndata: ${LIST_CHANGED}\n\n`;
}
