import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTemplate } from '../template';
import { TemplateRegion } from './TemplateRegion';
import { TemplateText } from './TemplateText';

/**
 * Under a prompt's content while it is written: how to write a blank, and once it has some, the
 * text with its blanks marked, so a brace typed wrong shows at once as plain text.
 */
export function TemplateBlanks({ content }: { content: string }) {
  const { t } = useTranslation();
  const template = useMemo(() => parseTemplate(content), [content]);
  return (
    <Box sx={{ mt: '4px !important' }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', px: 1.75 }}>
        {t('templates.editor.syntax', {
          blank: '{{name}}',
          withDefault: '{{name=default}}',
          choice: '{{tone:formal|casual}}',
          escape: '\\{{',
        })}
      </Typography>
      {template.variables.length > 0 ? (
        <Box sx={{ mt: 1.5 }}>
          <TemplateRegion
            heading={t('templates.editor.blanks', { count: template.variables.length })}
            maxHeight={140}
          >
            <TemplateText template={template} />
          </TemplateRegion>
        </Box>
      ) : null}
    </Box>
  );
}
