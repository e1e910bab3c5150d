import Check from '../../../shared/icons/Check';
import ContentCopy from '../../../shared/icons/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useCopyLink } from '../../sharing/use-copy-link';

type Props = Omit<ButtonProps, 'onClick' | 'children' | 'sx'> & {
  text: string;
  /** What a screen reader hears before the copy: which of the page's copy buttons this is. */
  label?: string;
};

/** Puts `text` on the clipboard and says "Copied" for a moment; a browser's refusal is told in a toast. */
export function CopyButton({ text, label, ...button }: Props) {
  const { t } = useTranslation();
  const { copied, showCopied, clearCopied } = useCopiedFlag();
  const copyText = useCopyLink();

  // "Copied" is about the text that was copied, not the one shown now.
  useEffect(clearCopied, [text, clearCopied]);

  return (
    <Button
      {...button}
      color={copied ? 'success' : (button.color ?? 'primary')}
      startIcon={copied ? <Check /> : <ContentCopy />}
      aria-label={copied ? t('apiKeys.connect.copied') : label}
      onClick={() => void copyText(text).then((done) => done && showCopied())}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {copied ? t('apiKeys.connect.copied') : t('apiKeys.connect.copy')}
    </Button>
  );
}
