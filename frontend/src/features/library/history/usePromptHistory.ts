import type { Prompt, PromptVersion } from '@promptlib/proto';
import { useCallback } from 'react';
import { useGetPromptVersionsQuery, useRestorePromptVersionMutation } from '../library.api';

export type PromptHistory = {
  /** Newest first: the first is the prompt as it is now. Undefined until read. */
  versions: PromptVersion[] | undefined;
  /** The last read failed and none is under way: time to offer a retry. */
  failed: boolean;
  /** Which read the versions come from: another one once the history is read again. */
  readId: string | undefined;
  isFetching: boolean;
  retry: () => void;
  /** Makes `version` the current one again; rejects with the server's failure. */
  restore: (version: number) => Promise<Prompt>;
  isRestoring: boolean;
};

/** One prompt's history, read afresh each time it is shown (an edit elsewhere adds a version). */
export function usePromptHistory(promptId: number): PromptHistory {
  const query = useGetPromptVersionsQuery(promptId, { refetchOnMountOrArgChange: true });
  const [restoreVersion, restoring] = useRestorePromptVersionMutation();
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const restore = useCallback(
    (version: number) => restoreVersion({ promptId, version }).unwrap(),
    [restoreVersion, promptId],
  );
  return {
    versions: query.data,
    failed: query.isError && !query.isFetching,
    readId: query.requestId,
    isFetching: query.isFetching,
    retry,
    restore,
    isRestoring: restoring.isLoading,
  };
}
