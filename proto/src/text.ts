import { z } from 'zod';
import { MAX_ID, textMessages, textProblem, textProblemRules, type TextKind } from './text-rules';

/** A row id: a positive integer Postgres can hold. */
export const entityId = z.number().int().positive().max(MAX_ID);

/**
 * A string that is plain text as textProblem defines it; `label` names the field in the message.
 * The check comes first, so a field's message says what is wrong with the text before its length.
 */
export function plainText(label: string, kind: TextKind = 'line', base: z.ZodString = z.string()) {
  return base.superRefine((value, context) => {
    const problem = textProblem(value, kind);
    if (problem) {
      context.addIssue({
        code: 'custom',
        message: textMessages[problem](label),
        params: { rule: textProblemRules[problem] },
        abort: true,
      });
    }
  });
}
