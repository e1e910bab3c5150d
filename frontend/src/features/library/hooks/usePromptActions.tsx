import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { Prompt } from '@promptlib/proto';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/hooks/useNotify';
import type { Assistant } from '../../templates/assistants';
import { FillTemplateDialog, type FillAction } from '../../templates/components/FillTemplateDialog';
import { openInAssistant } from '../../templates/open-in';
import { fillTemplate, parseTemplate, type ParsedTemplate } from '../../templates/template';
import { useCopyPromptMutation } from '../library.api';
import { recordRecentUse } from '../recent-uses';

export type PromptActions = {
  /** Copies the prompt, through the fill dialog when it has blanks; `onCopied` once it is copied. */
  copy: (prompt: Prompt, onCopied?: () => void) => void;
  /** Opens the prompt in an assistant, through the fill dialog when it has blanks. */
  openIn: (prompt: Prompt, assistant: Assistant) => void;
  /** The fill dialog while it is open, for the caller to render. */
  dialog: ReactNode;
};

type Filling = { prompt: Prompt; template: ParsedTemplate; action: FillAction };

/**
 * Using a prompt: copied, or handed to an assistant, each counted as one use once the text has
 * left (a dialog filling a template counts once, however it got there) and remembered on this
 * device as recently used. A prompt without blanks is used at once, exactly as written.
 */
export function usePromptActions(): PromptActions {
  const { t } = useTranslation();
  const notify = useNotify();
  const [recordUse] = useCopyPromptMutation();
  const [filling, setFilling] = useState<Filling | null>(null);

  const copyFailed = () =>
    notify({
      title: t('library.copy.failed.title'),
      description: t('library.copy.failed.description'),
      variant: 'error',
    });

  const used = (prompt: Prompt) => {
    recordRecentUse(prompt.id);
    // The count is a record of use; the text already left, so a failure here is quiet.
    recordUse(prompt.id);
  };

  const copyText = async (prompt: Prompt, text: string, onCopied?: () => void): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copyFailed();
      return false;
    }
    onCopied?.();
    notify({
      title: t('library.copy.done.title'),
      description: t('library.copy.done.description'),
      variant: 'success',
    });
    used(prompt);
    return true;
  };

  const openText = async (prompt: Prompt, assistant: Assistant, text: string): Promise<boolean> => {
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
    used(prompt);
    return true;
  };

  /** Runs `run` on the prompt's text at once when it has no blanks, else from the fill dialog. */
  const withText = (prompt: Prompt, button: Omit<FillAction, 'run'>, run: FillAction['run']) => {
    const template = parseTemplate(prompt.content);
    if (template.variables.length === 0) return void run(fillTemplate(template, {}));
    setFilling({ prompt, template, action: { ...button, run } });
  };

  const copy = (prompt: Prompt, onCopied?: () => void) =>
    withText(
      prompt,
      { label: t('templates.fill.copy'), busyLabel: t('templates.fill.copying'), icon: <ContentCopy /> },
      (text) => copyText(prompt, text, onCopied),
    );

  const openIn = (prompt: Prompt, assistant: Assistant) =>
    withText(
      prompt,
      {
        label: t('templates.openIn.action', { assistant: assistant.name }),
        busyLabel: t('templates.openIn.opening', { assistant: assistant.name }),
        icon: <OpenInNew />,
      },
      (text) => openText(prompt, assistant, text),
    );

  const dialog = filling ? (
    <FillTemplateDialog
      title={filling.prompt.title}
      template={filling.template}
      memoryKey={`prompt:${filling.prompt.id}`}
      action={filling.action}
      onClose={() => setFilling(null)}
    />
  ) : null;

  return { copy, openIn, dialog };
}
