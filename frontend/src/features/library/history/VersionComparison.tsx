import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromptVersion } from '@promptlib/proto';
import { useMemo, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../../shared/locale-format';
import { DiffView, diffMarksSx } from './DiffView';
import { diffText, hasChanges, looksLikeCode } from './text-diff';
import { sourceLabel } from './VersionList';

type Props = {
  version: PromptVersion;
  /** The newest version: the prompt as it is now. */
  current: PromptVersion;
  /** A category's name; null is a category deleted since. */
  categoryName: (categoryId: number | null) => string;
  /** The heading, focused when the comparison replaces what had the keyboard. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Beside the heading: the restore of this version, where there is one. */
  action: ReactNode;
};

/** What a restore of `version` would change: its category, if it still exists, and its text. */
export function differsFromCurrent(version: PromptVersion, current: PromptVersion): boolean {
  return (
    version.title !== current.title ||
    version.content !== current.content ||
    (version.categoryId !== null && version.categoryId !== current.categoryId)
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h4" variant="overline" sx={{ color: 'text.secondary', lineHeight: 2 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One version beside the current one: its title, category and text with what changed since
 * marked (removed: what only the version has; added: what only the current one has). Only the
 * chosen version is compared, so a long history costs one comparison at a time.
 */
export function VersionComparison({ version, current, categoryName, headingRef, action }: Props) {
  const { t, i18n } = useTranslation();
  const isCurrent = version.version === current.version;
  const code = useMemo(
    () => looksLikeCode(version.content) || looksLikeCode(current.content),
    [version.content, current.content],
  );
  const content = useMemo(
    () => diffText(version.content, current.content, code ? 'lines' : 'words'),
    [version.content, current.content, code],
  );
  const title = useMemo(
    () => diffText(version.title, current.title, 'words'),
    [version.title, current.title],
  );
  const categoryChanged = version.categoryId !== current.categoryId;
  const changed = !isCurrent && (hasChanges(content) || hasChanges(title) || categoryChanged);
  const number = { version: version.version };

  return (
    <Stack spacing={2} component="section" aria-labelledby={`version-heading-${version.version}`}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={`version-heading-${version.version}`}
            ref={headingRef}
            tabIndex={-1}
            component="h3"
            variant="h6"
            sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}
          >
            {isCurrent
              ? t('library.history.currentHeading', number)
              : t('library.history.comparedHeading', number)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <time dateTime={version.createdAt}>{formatMoment(version.createdAt, i18n.resolvedLanguage)}</time>
            {' · '}
            {sourceLabel(version, t)}
          </Typography>
        </Box>
        {action}
      </Stack>

      {isCurrent ? (
        <Alert severity="info" variant="outlined">
          {t('library.history.isCurrent')}
        </Alert>
      ) : !changed ? (
        <Alert severity="info" variant="outlined">
          {t('library.history.same')}
        </Alert>
      ) : (
        <Stack
          component="ul"
          aria-label={t('library.history.legend.label')}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={[diffMarksSx, { listStyle: 'none', m: 0, p: 0, fontSize: 14 }]}
        >
          <li>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              − <span className="diff-removed">abc</span>
            </Box>
            {t('library.history.legend.removed', number)}
          </li>
          <li>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              + <span className="diff-added">abc</span>
            </Box>
            {t('library.history.legend.added', number)}
          </li>
        </Stack>
      )}

      <Field label={t('library.history.fields.title')}>
        <Typography component="div" sx={{ fontWeight: 600 }}>
          {isCurrent || !hasChanges(title) ? version.title : <DiffView diff={title} />}
        </Typography>
      </Field>

      <Field label={t('library.history.fields.category')}>
        {isCurrent || !categoryChanged ? (
          <Typography>{categoryName(version.categoryId)}</Typography>
        ) : (
          <>
            <Box sx={[diffMarksSx, { display: 'flex', flexWrap: 'wrap', gap: 1 }]}>
              <del>
                <span className="diff-sr">{t('library.history.diff.removedSr')} </span>
                {categoryName(version.categoryId)}
              </del>
              <span aria-hidden>→</span>
              <ins>
                <span className="diff-sr">{t('library.history.diff.addedSr')} </span>
                {categoryName(current.categoryId)}
              </ins>
            </Box>
            {version.categoryId === null ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('library.history.categoryGone')}
              </Typography>
            ) : null}
          </>
        )}
      </Field>

      <Field label={t('library.history.fields.content')}>
        {isCurrent || !hasChanges(content) ? (
          <Typography
            component="div"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}
          >
            {version.content}
          </Typography>
        ) : (
          <>
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mb: 1 }}>
              {content.whole
                ? t('library.history.compare.whole')
                : content.mode === 'words'
                  ? t('library.history.compare.words')
                  : code
                    ? t('library.history.compare.lines')
                    : t('library.history.compare.linesInstead')}
            </Typography>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <DiffView diff={content} code={code} />
            </Box>
          </>
        )}
      </Field>
    </Stack>
  );
}
