import type { Prompt } from '@promptlib/proto';
import { Suspense } from 'react';
import type { HistoryOf } from './PromptHistoryDialog';
import { lazyWithRetry } from '../../../shared/lazy-with-retry';

export type { HistoryOf };

// Loaded the first time a history opens: the comparison and its dialog are no part of the library's first load.
const PromptHistoryDialog = lazyWithRetry(() =>
  import('./PromptHistoryDialog').then((m) => ({ default: m.PromptHistoryDialog })),
);

type Props = {
  /** The prompt whose history is open; none while it is closed. */
  prompt: HistoryOf | null;
  onClose: () => void;
  onRestored?: (prompt: Prompt) => void;
};

/** The history dialog of a prompt, while there is one to show. */
export function PromptHistory({ prompt, onClose, onRestored }: Props) {
  if (prompt === null) return null;
  return (
    <Suspense fallback={null}>
      <PromptHistoryDialog key={prompt.id} prompt={prompt} onClose={onClose} onRestored={onRestored} />
    </Suspense>
  );
}
