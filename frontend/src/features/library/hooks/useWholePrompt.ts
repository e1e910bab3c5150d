import type { Prompt, PromptCard } from '@promptlib/proto';
import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/store';
import { previewIsWhole } from '../card-lists';
import { libraryApi } from '../library.api';

/** The prompt's whole text when it is already at hand: in the prompt itself, or in a card that holds all of it. */
export function knownContent(prompt: PromptCard | Prompt): string | null {
  if ('content' in prompt) return prompt.content;
  return previewIsWhole(prompt) ? prompt.preview : null;
}

/**
 * Reads a prompt whole (a card holds the start of its content). Read once, it is kept a minute, so
 * a second copy or an edit after a copy asks nothing.
 */
export function useWholePrompt(): (prompt: PromptCard | Prompt) => Promise<Prompt> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (prompt) => {
      if ('content' in prompt) return prompt;
      if (previewIsWhole(prompt)) {
        const { preview, contentLength: _length, ...fields } = prompt;
        return { ...fields, content: preview };
      }
      const request = dispatch(libraryApi.endpoints.getPrompt.initiate(prompt.id));
      try {
        return await request.unwrap();
      } finally {
        request.unsubscribe();
      }
    },
    [dispatch],
  );
}
