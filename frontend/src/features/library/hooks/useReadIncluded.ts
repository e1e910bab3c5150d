import { useCallback } from 'react';
import type { ApiFailure } from '../../../api/api-error';
import { useAppDispatch } from '../../../app/store';
import type { ReadIncluded } from '../../templates/included-prompts';
import { libraryApi } from '../library.api';

/**
 * Reads a prompt a template includes, from the server each time: the text filled in must be the
 * included prompt's current version, even when this tab holds an older one (edited in another tab
 * or on another device). A prompt that is not the user's, or no longer is, answers 404: missing.
 */
export function useReadIncluded(): ReadIncluded {
  const dispatch = useAppDispatch();
  return useCallback(
    async (promptId) => {
      const request = dispatch(
        libraryApi.endpoints.getPrompt.initiate(promptId, { forceRefetch: true, subscribe: false }),
      );
      try {
        return (await request.unwrap()).content;
      } catch (error) {
        if ((error as Partial<ApiFailure>).status === 404) return null;
        throw error;
      }
    },
    [dispatch],
  );
}
