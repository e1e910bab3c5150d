import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { Prompt } from '@promptlib/proto';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import type { Assistant } from '../../templates/assistants';
import { FillTemplateDialog, type FillAction } from '../../templates/components/FillTemplateDialog';
import { openInAssistant } from '../../templates/open-in';
import { fillTemplate, parseTemplate, type ParsedTemplate } from '../../templates/template';
import { useCopyPromptMutation } from '../library.api';

type PromptUse = {
  template: ParsedTemplate;
  /** Copies the prompt, through the fill dialog when it has blanks. */
  copy: () => void;
  /** Opens the prompt in an assistant, through the fill dialog when it has blanks. */
  openIn: (assistant: Assistant) => void;
  /** The fill dialog while it is open, for the caller to render. */
  dialog: ReactNode;
};

/**
 * Using a prompt from its card: copied, or handed to an assistant, each counted as one use once the
 * text has left (a dialog copying a filled template counts once, however it got there). A prompt
 * without blanks is used at once, exactly as written.
 */
export function usePromptUse(prompt: Prompt, onCopied: () => void): PromptUse {
  const { t } = useTranslation();
  const notify = useNotify();
  const [recordUse] = useCopyPromptMutation();
  const template = useMemo(() => parseTemplate(prompt.content), [prompt.content]);
  const [filling, setFilling] = useState<FillAction | null>(null);

  const copyFailed = () =>
    notify({
      title: t('library.copy.failed.title'),
      description: t('library.copy.failed.description'),
      variant: 'error',
    });

  const copyText = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copyFailed();
      return false;
    }
    onCopied();
    notify({
      title: t('library.copy.done.title'),
      description: t('library.copy.done.description'),
      variant: 'success',
    });
    // The count is a record of use; the copy itself already happened, so a failure here is quiet.
    recordUse(prompt.id);
    return true;
  };

  const openText = async (assistant: Assistant, text: string): Promise<boolean> => {
    try {
      const handOver = await openInAssistant(assistant, text);
      if (handOver.via === 'clipboard') {
        notify({
          title: t('templates.openIn.copied.title'),
          description: t(`templates.openIn.copied.${handOver.reason === 'no-link' ? 'noLink' : 'tooLong'}`, {
            assistant: assistant.name,
          }),
          variant: 'success',
        });
      }
    } catch {
      copyFailed();
      return false;
    }
    recordUse(prompt.id);
    return true;
  };

  const hasBlanks = template.variables.length > 0;
  const copy = () => {
    if (!hasBlanks) return void copyText(fillTemplate(template, {}));
    setFilling({
      label: t('templates.fill.copy'),
      busyLabel: t('templates.fill.copying'),
      icon: <ContentCopy />,
      run: copyText,
    });
  };
  const openIn = (assistant: Assistant) => {
    if (!hasBlanks) return void openText(assistant, fillTemplate(template, {}));
    setFilling({
      label: t('templates.openIn.action', { assistant: assistant.name }),
      busyLabel: t('templates.openIn.opening', { assistant: assistant.name }),
      icon: <OpenInNew />,
      run: (text) => openText(assistant, text),
    });
  };

  const dialog = filling ? (
    <FillTemplateDialog
      title={prompt.title}
      template={template}
      memoryKey={`prompt:${prompt.id}`}
      action={filling}
      onClose={() => setFilling(null)}
    />
  ) : null;

  return { template, copy, openIn, dialog };
}
