import type { SharedLink } from '@promptlib/proto';

/** The prompts that have a live public link, for the marker on their cards. */
export function sharedPromptIds(links: readonly SharedLink[] | undefined): ReadonlySet<number> {
  return new Set((links ?? []).map((link) => link.promptId));
}

/**
 * How often a link was viewed, once the list of links has it: a link made a moment ago, or one
 * revoked and made again, may not be in the list that was read before it.
 */
export function viewsOf(links: readonly SharedLink[] | undefined, shareId: string): number | undefined {
  return links?.find((link) => link.shareId === shareId)?.views;
}
