import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { visuallyHidden } from '@mui/utils';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiffPart, TextDiff } from './text-diff';

/**
 * Removed and added text is told by more than colour: struck through or underlined, a − or + in
 * front of each changed line, and words a screen reader says before it. The rules sit on the
 * container and the marks are plain elements, so a text of thousands of lines stays cheap to draw.
 */
export const diffMarksSx = (theme: Theme): SystemStyleObject<Theme> => {
  const dark = theme.palette.mode === 'dark';
  return {
    '& del, & .diff-removed': {
      bgcolor: alpha(theme.palette.error.main, dark ? 0.22 : 0.12),
      color: 'text.primary',
      textDecoration: 'line-through',
      textDecorationThickness: '1px',
    },
    '& ins, & .diff-added': {
      bgcolor: alpha(theme.palette.success.main, dark ? 0.28 : 0.16),
      color: 'text.primary',
      textDecoration: 'underline',
      textDecorationThickness: '1px',
      textUnderlineOffset: '2px',
    },
    // A removal and the addition that replaced it, apart enough to read as two words.
    '& del + ins': { ml: '0.25em' },
    '& del, & ins, & .diff-removed, & .diff-added': { borderRadius: '3px', px: '1px' },
    // Whole lines carry their − or + instead: struck-through code is hard to read.
    '& .diff-line': { display: 'block', px: 0.5, textDecoration: 'none', borderRadius: 0, ml: 0 },
    '& .diff-marker': { display: 'inline-block', width: '1.5em', fontWeight: 700, textDecoration: 'none' },
    '& .diff-sr': visuallyHidden,
  };
};

const MARKER = { removed: '−', added: '+' } as const;

/** A change of spaces or line breaks alone would show as nothing: its characters are drawn. */
function shownWhitespace(text: string): string {
  return text.replace(/ /g, '·').replace(/\t/g, '→').replace(/\n/g, '↵\n');
}

function Change({ part, line, sr }: { part: DiffPart; line: boolean; sr: Record<string, string> }) {
  const kind = part.kind as 'removed' | 'added';
  const Mark = kind === 'removed' ? 'del' : 'ins';
  const blank = part.text.trim() === '';
  return (
    <Mark className={line ? 'diff-line' : undefined}>
      {line ? (
        <span className="diff-marker" aria-hidden>
          {MARKER[kind]}
        </span>
      ) : null}
      <span className="diff-sr">{sr[kind]} </span>
      {blank ? (
        <>
          <span aria-hidden>{part.text === '' ? '\u200b' : shownWhitespace(part.text)}</span>
          <span className="diff-sr">{part.text === '' ? sr.emptyLine : sr.whitespace}</span>
        </>
      ) : (
        part.text
      )}
    </Mark>
  );
}

/**
 * A comparison as the reader sees it: prose flows with its changed words marked; code keeps its
 * lines, each changed line marked whole, in a monospaced font.
 */
export function DiffView({ diff, code = false }: { diff: TextDiff; code?: boolean }) {
  const { t } = useTranslation();
  // Read once here rather than by each of a few thousand marks.
  const sr = {
    removed: t('library.history.diff.removedSr'),
    added: t('library.history.diff.addedSr'),
    whitespace: t('library.history.diff.whitespace'),
    emptyLine: t('library.history.diff.emptyLine'),
  };
  if (diff.mode === 'words')
    return (
      <Box sx={[diffMarksSx, { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }]}>
        {diff.parts.map((part, index) =>
          part.kind === 'same' ? (
            <Fragment key={index}>{part.text}</Fragment>
          ) : (
            <Change key={index} part={part} line={false} sr={sr} />
          ),
        )}
      </Box>
    );
  return (
    <Box
      sx={[
        diffMarksSx,
        {
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          // Prose compared by lines (too changed for words) keeps its own font.
          ...(code
            ? {
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: 13,
                lineHeight: 1.6,
              }
            : { lineHeight: 1.7 }),
        },
      ]}
    >
      {diff.parts.flatMap((part, index) =>
        part.text.split('\n').map((text, row) =>
          part.kind === 'same' ? (
            <span key={`${index}-${row}`} className="diff-line">
              <span className="diff-marker" aria-hidden />
              {/* An empty line keeps its height. */}
              {text === '' ? '\u200b' : text}
            </span>
          ) : (
            <Change key={`${index}-${row}`} part={{ kind: part.kind, text }} line sr={sr} />
          ),
        ),
      )}
    </Box>
  );
}
