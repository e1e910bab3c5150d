import ContentCopy from '../../../shared/icons/ContentCopy';
import OpenInNew from '../../../shared/icons/OpenInNew';
import type { Prompt, PromptCard } from '@promptlib/proto';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';
import { useNotify } from '../../../shared/hooks/useNotify';
import type { Assistant } from '../../templates/assistants';
import { FillTemplateDialog, type FillAction } from '../../templates/components/FillTemplateDialog';
import { openInAssistant } from '../../templates/open-in';
import { fillTemplate, isTemplate, parseTemplate, type ParsedTemplate } from '@promptlib/proto';
import { useCopyPromptMutation } from '../library.api';
import { recordRecentUse } from '../recent-uses';
import { useReadIncluded } from './useReadIncluded';
import { knownContent, useWholePrompt } from './useWholePrompt';

export type PromptActions = {
  /**
   * Copies the prompt, through the fill dialog when it has blanks or includes other prompts;
   * `onCopied` once it is copied.
   */
  copy: (prompt: PromptCard | Prompt, onCopied?: () => void) => void;
  /** Opens the prompt in an assistant, through the fill dialog as `copy` does. */
  openIn: (prompt: PromptCard | Prompt, assistant: Assistant) => void;
  /** The fill dialog while it is open, for the caller to render. */
  dialog: ReactNode;
};

type Filling = { prompt: PromptCard | Prompt; template: ParsedTemplate; action: FillAction };

/** The text turned out to be a template: it is filled in the dialog, not copied as it is. */
class NeedsFilling extends Error {
  constructor(readonly template: ParsedTemplate) {
    super('The prompt has blanks to fill');
  }
}

/**
 * Using a prompt: copied, or handed to an assistant, each counted as one use once the text has
 * left (a dialog filling a template counts once, however it got there) and remembered on this
 * device as recently used. A prompt without blanks or includes is used at once, exactly as written.
 */
export function usePromptActions(): PromptActions {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [recordUse] = useCopyPromptMutation();
  const readWhole = useWholePrompt();
  const readIncluded = useReadIncluded();
  const [filling, setFilling] = useState<Filling | null>(null);

  // The fill dialog's words are fetched with the library, so that it opens at once when asked.
  useEffect(() => {
    void i18n.loadNamespaces(FILL_NAMESPACE).catch(() => undefined);
  }, [i18n]);

  const copyFailed = () =>
    notify({
      title: t('library.copy.failed.title'),
      description: t('library.copy.failed.description'),
      variant: 'error',
    });

  const used = (prompt: PromptCard | Prompt) => {
    recordRecentUse(prompt.id);
    // The count is a record of use; the text already left, so a failure here is quiet.
    recordUse(prompt.id);
  };

  const copied = (prompt: PromptCard | Prompt, onCopied?: () => void) => {
    onCopied?.();
    notify({
      title: t('library.copy.done.title'),
      description: t('library.copy.done.description'),
      variant: 'success',
    });
    used(prompt);
  };

  const copyText = async (
    prompt: PromptCard | Prompt,
    text: string,
    onCopied?: () => void,
  ): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copyFailed();
      return false;
    }
    copied(prompt, onCopied);
    return true;
  };

  const openText = async (
    prompt: PromptCard | Prompt,
    assistant: Assistant,
    text: string,
  ): Promise<boolean> => {
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

  /** Runs `run` on the text at once when it is no template, else from the fill dialog. */
  const withText = (
    prompt: PromptCard | Prompt,
    content: string,
    button: Omit<FillAction, 'run'>,
    run: FillAction['run'],
  ) => {
    const template = parseTemplate(content);
    if (!isTemplate(template)) return void run(fillTemplate(template, {}));
    setFilling({ prompt, template, action: { ...button, run } });
  };

  /** As withText, once the whole text is read; a failed read is said like a failed copy. */
  const withWholeText = (
    prompt: PromptCard | Prompt,
    button: Omit<FillAction, 'run'>,
    run: FillAction['run'],
  ) => {
    const content = knownContent(prompt);
    if (content !== null) return withText(prompt, content, button, run);
    readWhole(prompt).then((whole) => withText(prompt, whole.content, button, run), copyFailed);
  };

  const copyButton = () => ({
    label: t('templates.fill.copy'),
    busyLabel: t('templates.fill.copying'),
    icon: <ContentCopy />,
  });

  /**
   * A card's text not yet read is handed to the clipboard as a promise, in the click itself: Safari
   * takes a write only within the user's gesture, and reading the text takes a moment. Text with
   * blanks or includes is not written; the fill dialog opens instead.
   */
  const copyWhileReading = async (prompt: PromptCard, onCopied?: () => void) => {
    const text = readWhole(prompt).then((whole) => {
      const template = parseTemplate(whole.content);
      if (isTemplate(template)) throw new NeedsFilling(template);
      return new Blob([fillTemplate(template, {})], { type: 'text/plain' });
    });
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text })]);
      copied(prompt, onCopied);
    } catch {
      const reason: unknown = await text.then(
        () => null,
        (error: unknown) => error,
      );
      if (reason instanceof NeedsFilling)
        setFilling({
          prompt,
          template: reason.template,
          action: { ...copyButton(), run: (filled) => copyText(prompt, filled, onCopied) },
        });
      else copyFailed();
    }
  };

  const copy = (prompt: PromptCard | Prompt, onCopied?: () => void) => {
    if (
      knownContent(prompt) === null &&
      typeof ClipboardItem === 'function' &&
      'write' in navigator.clipboard
    )
      return void copyWhileReading(prompt as PromptCard, onCopied);
    withWholeText(prompt, copyButton(), (text) => copyText(prompt, text, onCopied));
  };

  const openIn = (prompt: PromptCard | Prompt, assistant: Assistant) =>
    withWholeText(
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
      includes={{ promptId: filling.prompt.id, read: readIncluded }}
      onClose={() => setFilling(null)}
    />
  ) : null;

  return { copy, openIn, dialog };
}
