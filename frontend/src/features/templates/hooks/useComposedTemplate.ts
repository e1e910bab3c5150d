import { composeTemplate, includedIds, type ParsedTemplate } from '@promptlib/proto';
import { useEffect, useMemo, useState } from 'react';
import { composeWithIncludes, type IncludeSource } from '../included-prompts';

export type Composition =
  | { state: 'reading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; template: ParsedTemplate };

type Outcome = { attempt: number; composed: ParsedTemplate | null };

/**
 * The template to fill: with its includes replaced by the included prompts as they are when the
 * dialog opens, read once with the source given then. Without includes it is ready at once; without
 * a source (a shared page) every include is left out at once, as missing.
 */
export function useComposedTemplate(
  template: ParsedTemplate,
  source: IncludeSource | undefined,
): Composition {
  const [sourceAtOpen] = useState(source);
  const reads = sourceAtOpen !== undefined && includedIds(template).length > 0;
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const atOnce = useMemo(
    () => (reads ? null : composeTemplate(null, template, () => null)),
    [reads, template],
  );

  useEffect(() => {
    if (!reads || !sourceAtOpen) return;
    let current = true;
    composeWithIncludes(template, sourceAtOpen).then(
      (composed) => current && setOutcome({ attempt, composed }),
      () => current && setOutcome({ attempt, composed: null }),
    );
    return () => {
      current = false;
    };
  }, [reads, template, sourceAtOpen, attempt]);

  if (atOnce) return { state: 'ready', template: atOnce };
  if (!outcome || outcome.attempt !== attempt) return { state: 'reading' };
  if (!outcome.composed) return { state: 'failed', retry: () => setAttempt((count) => count + 1) };
  return { state: 'ready', template: outcome.composed };
}
