import History from '../../../shared/icons/History';
import ShareOutlined from '../../../shared/icons/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { limits as appLimits, parseTemplate, type LimitsRecord, type Prompt } from '@promptlib/proto';
import { useFormik } from 'formik';
import { memo, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';
import { CancelAndSubmit } from '../../../shared/components/CancelAndSubmit';
import { useNotify } from '../../../shared/hooks/useNotify';
import { useNotifyFailure } from '../../../shared/hooks/useNotifyFailure';
import { TemplateBlanks } from '../../templates/components/TemplateBlanks';
import { IncludePromptControl } from '../components/IncludePromptControl';
import { TagsField } from '../components/TagsField';
import { useCaretInsertion } from '../hooks/useCaretInsertion';
import { useIncludeTitles } from '../hooks/useIncludeTitles';
import type { LibraryData } from '../hooks/useLibraryData';
import {
  useCreatePromptMutation,
  useGetTagsQuery,
  useLazyGetCategoriesQuery,
  useUpdatePromptMutation,
} from '../library.api';
import { PromptHistory } from '../history/PromptHistory';
import { TEMP_GENERAL_ID, type CategoryKey } from '../library.slice';
import { isGeneral } from '../prompt-selection';
import { serverTagProblem, tagProblemText, type TagProblem } from '../tag-rules';
import { includeSyntax } from '../../templates/insert-include';
import { copyTitle } from './copy-title';
import { LimitReachedPanel } from './LimitReachedPanel';
import { promptSchema } from './prompt.schema';

export type PromptDialogState =
  | { mode: 'create'; categoryId: CategoryKey | null; copyOf?: Prompt }
  | { mode: 'edit'; prompt: Prompt }
  | null;

type Props = {
  state: PromptDialogState;
  data: LibraryData;
  limits: LimitsRecord | undefined;
  onRefreshLimits: () => void;
  /** Opens the share dialog for the prompt being edited, over this one. */
  onShare: (prompt: Prompt) => void;
  onClose: () => void;
};

type Values = { title: string; content: string; categoryId: CategoryKey; tags: string[] };

const NO_TAGS: string[] = [];

export const PromptFormDialog = memo(function PromptFormDialog({
  state,
  data,
  limits,
  onRefreshLimits,
  onShare,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const titleId = useId();
  const [createPrompt] = useCreatePromptMutation();
  const [updatePrompt] = useUpdatePromptMutation();
  const [fetchCategories] = useLazyGetCategoriesQuery();
  const open = state !== null;
  const { data: userTags } = useGetTagsQuery(undefined, { skip: !open });
  const knownTags = useMemo(() => userTags?.map((tag) => tag.name) ?? NO_TAGS, [userTags]);
  // A version restored from the history opened here is what the form edits from then on.
  const [restored, setRestored] = useState<{ for: PromptDialogState; prompt: Prompt } | null>(null);
  const [showingHistory, setShowingHistory] = useState(false);
  // Text in the tags field that is not a tag: the prompt is not saved without the user's answer to it.
  const [tagsProblem, setTagsProblem] = useState<TagProblem | null>(null);
  const editing = state?.mode === 'edit' ? (restored?.for === state ? restored.prompt : state.prompt) : null;
  const isPro = limits?.isPro ?? false;
  const generalKey: CategoryKey = data.general?.id ?? TEMP_GENERAL_ID;

  // The limits decide which form to show; they are read again each time the create dialog opens.
  useEffect(() => {
    if (state?.mode === 'create') onRefreshLimits();
  }, [state, onRefreshLimits]);

  const limitReached =
    state?.mode === 'create' && limits !== undefined && !isPro && !limits.prompts.canCreate;

  // Free accounts create in General only; an edit may use any of the user's categories.
  const choices = useMemo(() => {
    const general = { key: generalKey, label: t('library.filters.general') };
    if (state?.mode === 'create' && !isPro) return [general];
    return [
      general,
      ...data.ownCategories.map((category) => ({ key: category.id as CategoryKey, label: category.name })),
    ];
  }, [state, isPro, data.ownCategories, generalKey, t]);

  const initialValues: Values = useMemo(() => {
    if (editing) {
      const known =
        editing.categoryId !== null && choices.some((choice) => choice.key === editing.categoryId);
      return {
        title: editing.title,
        content: editing.content,
        categoryId: known ? editing.categoryId! : generalKey,
        tags: editing.tags,
      };
    }
    const wanted = state?.mode === 'create' ? state.categoryId : null;
    const allowed = wanted !== null && choices.some((choice) => choice.key === wanted);
    const copyOf = state?.mode === 'create' ? state.copyOf : undefined;
    return {
      title: copyOf ? copyTitle(copyOf.title, t) : '',
      content: copyOf?.content ?? '',
      categoryId: allowed ? wanted : generalKey,
      tags: copyOf?.tags ?? NO_TAGS,
    };
  }, [editing, state, choices, generalKey, t]);

  const schema = useMemo(() => promptSchema(t), [t, i18n.resolvedLanguage]);

  const form = useFormik<Values>({
    initialValues,
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      if (tagsProblem) return;
      const categoryId = await resolveCategory(values.categoryId);
      const body = { title: values.title.trim(), content: values.content, categoryId, tags: values.tags };
      try {
        if (editing) {
          await updatePrompt({ id: editing.id, ...body }).unwrap();
          notify({
            title: t('library.toasts.success'),
            description: t('library.prompt.updated'),
            variant: 'success',
          });
        } else {
          await createPrompt(body).unwrap();
          notify({
            title: t('library.toasts.success'),
            description: t('library.prompt.created'),
            variant: 'success',
          });
        }
        helpers.resetForm();
        onClose();
      } catch (error) {
        if ((error as { code?: string }).code === 'PROMPT_LIMIT_REACHED') onRefreshLimits();
        const fallback = editing ? t('library.prompt.updateFailed') : t('library.prompt.createFailed');
        // A tag the server refused is named beside the field, in the tags' own words, until it changes.
        const tagProblem = serverTagProblem(error, ['tag', 'tags']);
        if (tagProblem) {
          const message = tagProblemText(t, tagProblem);
          helpers.setFieldError('tags', message);
          notify({ title: t('library.toasts.error'), description: message, variant: 'error' });
        } else notifyFailure(error, fallback);
      }
    },
  });

  /** The placeholder for General becomes the real General, read afresh, or none. */
  async function resolveCategory(key: CategoryKey): Promise<number | null> {
    if (key !== TEMP_GENERAL_ID) return key;
    const categories = await fetchCategories()
      .unwrap()
      .catch(() => []);
    return categories.find(isGeneral)?.id ?? null;
  }

  const close = () => {
    if (form.isSubmitting) return;
    setConfirmingDiscard(false);
    setShowingHistory(false);
    setTagsProblem(null);
    form.resetForm();
    onClose();
  };

  // Escape or a click beside the dialog is easily an accident: with changes made, it asks first.
  // Cancel says what it does, and closes at once.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const dismiss = () => {
    if (form.isSubmitting) return;
    if (form.dirty) setConfirmingDiscard(true);
    else close();
  };

  // Ctrl-Enter (Cmd-Enter on a Mac) saves from any field, the content's many lines included.
  const saveOnShortcut = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    // A tag typed but not yet added is added by the same Enter: the form is sent once that change
    // has rendered, with the tag.
    setTimeout(() => void form.submitForm());
  };

  const fieldError = (name: 'title' | 'content') => (form.touched[name] ? form.errors[name] : undefined);

  const template = useMemo(() => parseTemplate(form.values.content), [form.values.content]);
  const includeTitle = useIncludeTitles(template);
  const contentCaret = useCaretInsertion(
    form.values.content,
    (content) => void form.setFieldValue('content', content),
    appLimits.promptContent.max,
  );
  const { forget: forgetCaret } = contentCaret;
  // Each prompt opened starts with no caret known: an include goes at the end until the user has
  // been in the content field.
  useEffect(() => forgetCaret(), [state, forgetCaret]);
  const includePrompt = (promptId: number) => {
    if (contentCaret.insert(includeSyntax(promptId))) return;
    const max = appLimits.promptContent.max.toLocaleString(i18n.resolvedLanguage);
    notify({
      title: t('library.toasts.error'),
      description: t('templates.editor.include.tooLong', { max }),
      variant: 'error',
    });
  };

  return (
    <Dialog open={open} onClose={dismiss} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {editing ? t('library.prompt.editTitle') : t('library.prompt.createTitle')}
      </DialogTitle>
      {limitReached ? (
        <LimitReachedPanel
          title={t('library.limit.title')}
          cancelLabel={t('common.cancel')}
          upgradeLabel={t('header.upgrade')}
          onClose={close}
        >
          {t('library.limit.text', { limit: limits?.prompts.limit })}
        </LimitReachedPanel>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit}
          onKeyDown={saveOnShortcut}
          // The fields scroll and the buttons stay in view below them: a message appearing above
          // Save (a field's error, on leaving it) never moves Save from under the pointer.
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {state?.mode === 'create' && limits && !isPro ? (
                <Alert severity="info">
                  {t('library.limit.using', { used: limits.prompts.used, limit: limits.prompts.limit })}{' '}
                  {t('library.limit.generalOnly')}
                </Alert>
              ) : null}
              <FormTextField
                name="title"
                label={t('library.prompt.title')}
                value={form.values.title}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={fieldError('title')}
                autoFocus
              />
              <FormTextField
                name="content"
                label={t('library.prompt.content')}
                value={form.values.content}
                onChange={form.handleChange}
                onBlur={(event) => {
                  contentCaret.rememberCaret(event);
                  form.handleBlur(event);
                }}
                inputRef={contentCaret.fieldRef}
                error={fieldError('content')}
                multiline
                minRows={6}
                maxRows={16}
              />
              <TemplateBlanks
                template={template}
                includeTitle={includeTitle}
                promptId={editing?.id ?? null}
                actions={<IncludePromptControl excludeId={editing?.id ?? null} onPick={includePrompt} />}
              />
              <FormControl fullWidth>
                <InputLabel id={`${titleId}-category`}>{t('library.prompt.category')}</InputLabel>
                <Select
                  labelId={`${titleId}-category`}
                  label={t('library.prompt.category')}
                  name="categoryId"
                  value={form.values.categoryId}
                  onChange={(event) => void form.setFieldValue('categoryId', event.target.value)}
                >
                  {choices.map((choice) => (
                    <MenuItem key={choice.key} value={choice.key}>
                      {choice.label}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <TagsField
                id={`${titleId}-tags`}
                value={form.values.tags}
                onChange={(tags) => void form.setFieldValue('tags', tags)}
                known={knownTags}
                error={typeof form.errors.tags === 'string' ? form.errors.tags : undefined}
                onProblem={setTagsProblem}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {editing ? (
              <>
                <Button
                  startIcon={<ShareOutlined />}
                  onClick={() => onShare(editing)}
                  disabled={form.isSubmitting}
                >
                  {t('library.share.button')}
                </Button>
                <Button
                  startIcon={<History />}
                  onClick={() => setShowingHistory(true)}
                  disabled={form.isSubmitting}
                  sx={{ mr: 'auto' }}
                >
                  {t('library.card.history')}
                </Button>
              </>
            ) : null}
            <CancelAndSubmit
              submitting={form.isSubmitting}
              onCancel={close}
              cancelLabel={t('common.cancel')}
              submitLabel={editing ? t('library.prompt.update') : t('library.prompt.save')}
              busyLabel={editing ? t('library.prompt.updating') : t('library.prompt.saving')}
            />
          </DialogActions>
        </Box>
      )}
      <PromptHistory
        prompt={showingHistory && editing ? { id: editing.id, title: editing.title } : null}
        onClose={() => setShowingHistory(false)}
        onRestored={(prompt) => setRestored({ for: state, prompt })}
      />
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('library.prompt.discard.title')}
        message={t('library.prompt.discard.text')}
        confirmLabel={t('library.prompt.discard.confirm')}
        cancelLabel={t('library.prompt.discard.keep')}
        busyLabel={t('library.prompt.discard.confirm')}
        busy={false}
        onConfirm={close}
        onClose={() => setConfirmingDiscard(false)}
      />
    </Dialog>
  );
});
