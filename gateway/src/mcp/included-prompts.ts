import { ServiceCallError } from '@promptlib/platform';
import { composeTemplate, parseTemplate, unreadIncludes, type ParsedTemplate } from '@promptlib/proto';
import type { LibraryClient } from '../clients/library.client';

/**
 * A prompt's template with its includes composed from the user's own prompts as they are now: read
 * level by level, each once per `known` (shared by the calls of one request); a prompt the user
 * does not have is missing, and is filled in as nothing.
 */
export async function composedTemplate(
  library: LibraryClient,
  userId: number,
  promptId: number,
  content: string,
  known: Map<number, string | null>,
): Promise<ParsedTemplate> {
  const root = parseTemplate(content);
  const contentOf = (id: number) => known.get(id);
  for (
    let unread = unreadIncludes(root, contentOf);
    unread.length > 0;
    unread = unreadIncludes(root, contentOf)
  ) {
    await Promise.all(
      unread.map(async (id) => {
        known.set(
          id,
          await library.prompt(userId, id).then(
            (prompt) => prompt.content,
            (error: unknown) => {
              if (error instanceof ServiceCallError && error.error.code === 'NOT_FOUND') return null;
              throw error;
            },
          ),
        );
      }),
    );
  }
  return composeTemplate(promptId, root, contentOf);
}
