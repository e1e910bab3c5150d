import ExpandMore from '../../../shared/icons/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Each form a template knows, with an example as it is typed. */
const FORMS = [
  ['blank', '{{name}}'],
  ['default', '{{name=default}}'],
  ['choice', '{{tone:formal|casual}}'],
  ['long', '{{notes#long}}'],
  ['number', '{{count#number=3}}'],
  ['date', '{{due#date=2026-01-31}}'],
  ['optional', '{{extra?}}'],
  ['today', '{{@date}}'],
  ['time', '{{@time}}'],
  ['clipboard', '{{@clipboard}}'],
  ['include', '{{>12}}'],
  ['escape', '\\{{'],
] as const;

/**
 * Every form of the template syntax with an example, folded away under a button: the one-line
 * hint above it covers what most prompts use, and the dialog stays short on a phone. `actions`
 * sit on the button's line (the include picker's button).
 */
export function TemplateSyntaxHelp({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
          endIcon={
            <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
          }
        >
          {t('templates.editor.help')}
        </Button>
        {actions}
      </Stack>
      <Box
        id={listId}
        component="dl"
        hidden={!open}
        sx={{
          m: 0,
          mt: 0.5,
          px: 1.75,
          display: open ? 'grid' : 'none',
          // On a phone each example takes its line, its meaning the line below.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.5 },
          fontSize: 13,
          '& dt': { fontFamily: 'monospace', overflowWrap: 'anywhere' },
          '& dd': { m: 0, mb: { xs: 0.75, sm: 0 }, color: 'text.secondary' },
        }}
      >
        {FORMS.map(([form, example]) => (
          <Box key={form} sx={{ display: 'contents' }}>
            <dt>{example}</dt>
            <dd>{t(`templates.editor.forms.${form}`)}</dd>
          </Box>
        ))}
      </Box>
    </>
  );
}
