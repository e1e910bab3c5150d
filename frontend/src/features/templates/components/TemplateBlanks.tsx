import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isTemplate, type ParsedTemplate } from '@promptlib/proto';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateRegion } from './TemplateRegion';
import { TemplateSyntaxHelp } from './TemplateSyntaxHelp';
import { TemplateText, type IncludeTitle } from './TemplateText';

type Props = {
  /** The content as written so far, parsed. */
  template: ParsedTemplate;
  /** Names the includes' marks by the included prompts' titles. */
  includeTitle?: IncludeTitle;
  /** The prompt being written, when it exists: an include of it is marked as one of itself. */
  promptId?: number | null;
  /** Controls beside the syntax help, such as "Include a prompt". */
  actions?: ReactNode;
};

/**
 * Under a prompt's content while it is written: how to write a blank, every form on demand, and
 * once it has some, the text with its blanks and includes marked, so a brace typed wrong shows at
 * once as plain text.
 */
export function TemplateBlanks({ template: written, includeTitle, promptId = null, actions }: Props) {
  const { t } = useTranslation();
  const template = useMemo(() => markSelfIncludes(written, promptId), [written, promptId]);
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
      <TemplateSyntaxHelp actions={actions} />
      {isTemplate(template) ? (
        <Box sx={{ mt: 1.5 }}>
          <TemplateRegion
            heading={t('templates.editor.blanks', { count: template.variables.length })}
            maxHeight={140}
          >
            <TemplateText template={template} includeTitle={includeTitle} />
          </TemplateRegion>
        </Box>
      ) : null}
    </Box>
  );
}

/** The template with each include of the prompt itself marked circular, as filling it in would. */
function markSelfIncludes(template: ParsedTemplate, promptId: number | null): ParsedTemplate {
  if (promptId === null) return template;
  return {
    ...template,
    segments: template.segments.map((segment) =>
      segment.kind === 'include' && segment.promptId === promptId
        ? { ...segment, problem: 'circular' as const }
        : segment,
    ),
  };
}
