import Check from '../../../shared/icons/Check';
import ContentCopy from '../../../shared/icons/ContentCopy';
import EditOutlined from '../../../shared/icons/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Prompt } from '@promptlib/proto';
import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { formatDay } from '../../../shared/locale-format';
import { TemplateText } from '../../templates/components/TemplateText';
import { parseTemplate } from '@promptlib/proto';
import { useIncludeTitles } from '../hooks/useIncludeTitles';
import { usePromptActions } from '../hooks/usePromptActions';

type Props = {
  /** The whole prompt to read; the dialog is open while there is one. */
  prompt: Prompt | null;
  categoryName: (prompt: Prompt) => string;
  onEdit: (prompt: Prompt) => void;
  onClose: () => void;
};

/**
 * A prompt read whole, however long, without opening its editor: its blanks marked, where it is
 * filed, its tags, how often it was used and when it last changed, with Copy and Edit at hand.
 */
export const ReadPromptDialog = memo(function ReadPromptDialog({
  prompt,
  categoryName,
  onEdit,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const actions = usePromptActions();
  const { copied, showCopied, clearCopied } = useCopiedFlag();
  // The last prompt stays on screen while the dialog fades out.
  const [shown, setShown] = useState(prompt);
  if (prompt !== null && prompt !== shown) setShown(prompt);
  const template = useMemo(() => parseTemplate(shown?.content ?? ''), [shown]);
  const includeTitle = useIncludeTitles(template);

  return (
    <>
      <Dialog
        open={prompt !== null}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        scroll="paper"
        slotProps={{ transition: { onExited: clearCopied } }}
      >
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', pb: 0.5 }}>
          {shown?.title}
        </DialogTitle>
        {shown ? (
          <Typography variant="body2" sx={{ px: 3, pb: 1.5, color: 'text.secondary' }}>
            {t('library.read.meta', {
              count: shown.usageCount,
              category: categoryName(shown),
              date: formatDay(shown.updatedAt, i18n.resolvedLanguage),
            })}
          </Typography>
        ) : null}
        {shown && shown.tags.length > 0 ? (
          // Every tag, where a card has room for its first few.
          <Typography
            variant="body2"
            sx={{ px: 3, pb: 1.5, mt: -1, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {t('library.read.tags', { tags: shown.tags.join(', ') })}
          </Typography>
        ) : null}
        {/* Focusable, so a long text scrolls by keyboard too. */}
        <DialogContent dividers tabIndex={0} role="region" aria-label={t('library.read.content')}>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 15, lineHeight: 1.6 }}>
            <TemplateText template={template} includeTitle={includeTitle} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button startIcon={<EditOutlined />} onClick={() => shown && onEdit(shown)} sx={{ mr: 'auto' }}>
            {t('library.card.edit')}
          </Button>
          <Button onClick={onClose}>{t('library.close')}</Button>
          <Button
            variant="contained"
            color={copied ? 'success' : 'primary'}
            startIcon={copied ? <Check /> : <ContentCopy />}
            onClick={() => shown && actions.copy(shown, showCopied)}
            autoFocus
          >
            {copied ? t('library.copy.copied') : t('library.copy.label')}
          </Button>
        </DialogActions>
      </Dialog>
      {actions.dialog}
    </>
  );
});
