import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isFieldRule, limits, type ApiKeyScope, type CreatedApiKey } from '@promptlib/proto';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../api/api-error';
import { CancelAndSubmit } from '../../../shared/components/CancelAndSubmit';
import { FormTextField } from '../../../shared/components/FormTextField';
import { formatDay } from '../../../shared/locale-format';
import { serverMessage } from '../../../shared/server-message';
import { apiKeyScopes } from '@promptlib/proto';
import { apiKeyFieldText, expiresAtFor, expiryChoices, nameRule, type ExpiryChoice } from '../api-key-form';
import { useCreateApiKeyMutation } from '../api-keys.api';
import { CopyButton } from './CopyButton';

type Props = {
  open: boolean;
  /** The new key, for the page's snippets; the dialog shows it once itself. */
  onCreated: (key: CreatedApiKey) => void;
  onClose: () => void;
};

type Values = { name: string; scope: ApiKeyScope; expiry: ExpiryChoice };
const initialValues: Values = { name: '', scope: 'read', expiry: 'never' };

/**
 * A new key: its name, what it may do and how long it lives; then the key itself, once, to copy
 * before the dialog closes.
 */
export function CreateApiKeyDialog({ open, onCreated, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [createApiKey, creation] = useCreateApiKeyMutation();
  // The answer that holds the secret is kept here only (not in the store's record of the call), and
  // dropped as the dialog fades out.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // What the server refused that no field can say (the limit reached meanwhile, the network).
  const [failure, setFailure] = useState<string | null>(null);

  const form = useFormik<Values>({
    initialValues,
    validate: ({ name }) => {
      const rule = nameRule(name);
      return rule ? { name: apiKeyFieldText(t, 'name', rule) } : {};
    },
    onSubmit: async ({ name, scope, expiry }, helpers) => {
      setFailure(null);
      try {
        const key = await createApiKey({
          name: name.trim(),
          scope,
          expiresAt: expiresAtFor(expiry, new Date()),
        }).unwrap();
        creation.reset();
        setCreated(key);
        onCreated(key);
      } catch (error) {
        // A field's rule is said in this form's words (the name's beside it); anything else by its code.
        const { code, rules = {} } = error as Partial<ApiFailure>;
        const known = Object.entries(code === 'VALIDATION_FAILED' ? rules : {}).filter(([, rule]) =>
          isFieldRule(rule),
        );
        for (const [field, rule] of known) {
          const text = apiKeyFieldText(t, field, rule);
          if (field === 'name') helpers.setFieldError('name', text);
          else setFailure(text);
        }
        if (known.length === 0) setFailure(serverMessage(error, t, t('apiKeys.create.failed')));
      }
    },
  });

  const close = () => {
    if (!form.isSubmitting) onClose();
  };
  const reset = () => {
    setCreated(null);
    setFailure(null);
    form.resetForm();
  };

  return (
    <Dialog
      open={open}
      // Once the key shows, a stray click beside the dialog must not close it before it is copied.
      onClose={(_event, reason) => {
        if (!(created && reason === 'backdropClick')) close();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      {created ? (
        <CreatedKey titleId={titleId} created={created} onDone={close} />
      ) : (
        <form noValidate onSubmit={form.handleSubmit}>
          <DialogTitle id={titleId}>{t('apiKeys.create.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <FormTextField
                name="name"
                label={t('apiKeys.create.name')}
                value={form.values.name}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                // Said as it is typed; an untouched empty field is not yet an error.
                error={form.touched.name || form.values.name !== '' ? form.errors.name : undefined}
                helperText={t('apiKeys.create.nameHelp', { max: limits.apiKeyName.max })}
                autoComplete="off"
                autoFocus
              />
              <ScopeField
                value={form.values.scope}
                onChange={(scope) => void form.setFieldValue('scope', scope)}
              />
              <ExpiryField
                value={form.values.expiry}
                onChange={(expiry) => void form.setFieldValue('expiry', expiry)}
              />
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <CancelAndSubmit
              submitting={form.isSubmitting}
              onCancel={close}
              cancelLabel={t('apiKeys.create.cancel')}
              submitLabel={t('apiKeys.create.submit')}
              busyLabel={t('apiKeys.create.creating')}
            />
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

function ScopeField({ value, onChange }: { value: ApiKeyScope; onChange: (scope: ApiKeyScope) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t('apiKeys.create.scope')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="scope"
        value={value}
        onChange={(event) => onChange(event.target.value as ApiKeyScope)}
      >
        {apiKeyScopes.map((scope) => (
          <FormControlLabel
            key={scope}
            value={scope}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 0.5 }}
            label={
              <Stack sx={{ pt: 1 }}>
                <Typography>{t(`apiKeys.scope.${scope}`)}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`apiKeys.scope.${scope}Help`)}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

// A native select: every platform's own picker, at home on a phone and with the keyboard.
function ExpiryField({ value, onChange }: { value: ExpiryChoice; onChange: (expiry: ExpiryChoice) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const expiresAt = expiresAtFor(value, new Date());
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={id} shrink>
        {t('apiKeys.create.expiry')}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ExpiryChoice)}
        input={<OutlinedInput label={t('apiKeys.create.expiry')} notched />}
        inputProps={{ 'aria-describedby': `${id}-helper` }}
      >
        {expiryChoices.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 'never' ? t('apiKeys.create.expiryNever') : t(`apiKeys.create.expiry${choice}`)}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText id={`${id}-helper`}>
        {expiresAt
          ? t('apiKeys.create.expiryOn', { date: formatDay(expiresAt, i18n.resolvedLanguage) })
          : t('apiKeys.create.expiryNeverHelp')}
      </FormHelperText>
    </FormControl>
  );
}

/** The key, shown this once, to copy; closing the dialog hides it for good. */
function CreatedKey({
  titleId,
  created,
  onDone,
}: {
  titleId: string;
  created: CreatedApiKey;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={titleId}>{t('apiKeys.created.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('apiKeys.created.warning')}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <FormTextField
              label={t('apiKeys.created.key', { name: created.name })}
              value={created.key}
              readOnly
              onFocus={(event) => event.target.select()}
              sx={{ fontFamily: 'monospace' }}
            />
            <CopyButton text={created.key} variant="contained" autoFocus />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('apiKeys.created.done')}</Button>
      </DialogActions>
    </>
  );
}
