import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import type {
  AutoSource,
  ParsedTemplate,
  TemplateSegment,
  TemplateValues,
  TemplateVariable,
} from '@promptlib/proto';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';

/**
 * An included prompt's title: null when the user has no such prompt, undefined while it is not
 * known yet.
 */
export type IncludeTitle = (promptId: number) => string | null | undefined;

type Props = {
  template: ParsedTemplate;
  /** Shows each blank filled with its value; without values each blank shows as written. */
  values?: TemplateValues;
  /** Said for a blank left empty, e.g. "name: empty"; shown only in a filled preview. */
  emptyLabel?: (name: string) => string;
  /**
   * Names each include by the included prompt's title. Without it (a shared page) an include shows
   * only as a reference to another prompt: sharing one prompt never shows another.
   */
  includeTitle?: IncludeTitle;
};

type IncludeSegment = Extract<TemplateSegment, { kind: 'include' }>;
type Tone = 'blank' | 'empty' | 'auto' | 'include' | 'problem';

/**
 * A template's text with its blanks marked: as written (`{{tone:formal|casual}}`) on a card or in
 * the prompt dialog, or filled in for a preview. A blank with a type or `?` says so in words, an
 * automatic value by what it will be ("Today's date"), an include by the prompt it brings in.
 * Renders inline; the caller's box sets wrapping. Plain text and plain blanks need no translation,
 * so the many cards without the newer forms pay for nothing more than before.
 */
export function TemplateText({ template, values, emptyLabel, includeTitle }: Props) {
  return (
    <>
      {template.segments.map((segment, index) => {
        if (segment.kind === 'text') return <Fragment key={index}>{segment.text}</Fragment>;
        if (segment.kind === 'include')
          return <IncludeMark key={index} segment={segment} includeTitle={includeTitle} />;
        const variable = template.variables.find((candidate) => candidate.name === segment.name);
        if (values) {
          const value = values[segment.name] ?? '';
          if (value) return <Mark key={index}>{value}</Mark>;
          const label = emptyLabel?.(segment.name);
          if (variable?.kind === 'auto')
            return <AutoMark key={index} source={variable.source} tone="empty" label={label} />;
          return (
            <Mark key={index} tone="empty" label={label}>
              {segment.name}
            </Mark>
          );
        }
        if (variable?.kind === 'auto') return <AutoMark key={index} source={variable.source} />;
        if (variable && hasDetails(variable))
          return <DetailedBlankMark key={index} source={segment.source} variable={variable} />;
        return <Mark key={index}>{segment.source}</Mark>;
      })}
    </>
  );
}

/** Whether a blank has a type or may stay empty: what its marks say in words beside it. */
function hasDetails(variable: TemplateVariable): boolean {
  return variable.kind === 'choice' ? variable.optional : variable.kind !== 'text' || variable.optional;
}

function DetailedBlankMark({ source, variable }: { source: string; variable: TemplateVariable }) {
  const { t } = useTranslation(FILL_NAMESPACE);
  const details: string[] = [];
  if (variable.kind === 'long' || variable.kind === 'number' || variable.kind === 'date')
    details.push(t(`templates.text.type.${variable.kind}`));
  if (variable.kind !== 'auto' && variable.optional) details.push(t('templates.text.optional'));
  return (
    <Mark>
      {source}{' '}
      <Box component="small" sx={{ fontSize: '0.8em', color: 'text.secondary', fontStyle: 'italic' }}>
        {details.join(', ')}
      </Box>
    </Mark>
  );
}

function AutoMark({ source, tone = 'auto', label }: { source: AutoSource; tone?: Tone; label?: string }) {
  const { t } = useTranslation(FILL_NAMESPACE);
  return (
    <Mark tone={tone} label={label}>
      {t(`templates.text.auto.${source}`)}
    </Mark>
  );
}

function IncludeMark({ segment, includeTitle }: { segment: IncludeSegment; includeTitle?: IncludeTitle }) {
  const { t } = useTranslation(FILL_NAMESPACE);
  const title = includeTitle?.(segment.promptId);
  const problem = segment.problem ?? (title === null ? 'missing' : undefined);
  let text: string;
  if (problem) {
    const said = t(`templates.text.problem.${problem}`);
    text = title ? `${title}: ${said}` : said;
  } else if (!includeTitle) text = t('templates.text.include.unshared');
  else text = title ?? t('templates.text.include.reading');
  return (
    <Mark tone={problem ? 'problem' : 'include'}>
      <span aria-hidden="true">↪ </span>
      <Box component="span" sx={visuallyHidden}>
        {t('templates.text.include.hidden')}{' '}
      </Box>
      {text}
    </Mark>
  );
}

function Mark({ children, tone = 'blank', label }: { children: ReactNode; tone?: Tone; label?: string }) {
  return (
    <Box component="mark" aria-label={label} sx={(theme) => markStyle(theme, tone)}>
      {children}
    </Box>
  );
}

function markStyle(theme: Theme, tone: Tone) {
  // A mark broken over two lines keeps its border and padding on each.
  const base = { color: 'text.primary', borderRadius: 0.5, px: 0.25, boxDecorationBreak: 'clone' };
  switch (tone) {
    case 'blank':
      return { ...base, backgroundColor: alpha(theme.palette.primary.main, 0.14) };
    case 'auto':
      return { ...base, backgroundColor: alpha(theme.palette.secondary.main, 0.16) };
    case 'include':
      return {
        ...base,
        backgroundColor: alpha(theme.palette.primary.main, 0.06),
        border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
      };
    case 'problem':
      return {
        ...base,
        color: 'error.main',
        backgroundColor: 'transparent',
        border: `1px dashed ${theme.palette.error.main}`,
      };
    case 'empty':
      return {
        ...base,
        color: 'text.secondary',
        backgroundColor: 'transparent',
        border: `1px dashed ${theme.palette.text.secondary}`,
        fontStyle: 'italic',
      };
  }
}
