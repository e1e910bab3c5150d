import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { Fragment } from 'react';
import type { ParsedTemplate, TemplateValues } from '../template';

type Props = {
  template: ParsedTemplate;
  /** Shows each blank filled with its value; without values each blank shows as written. */
  values?: TemplateValues;
  /** Said for a blank left empty, e.g. "name: empty"; shown only in a filled preview. */
  emptyLabel?: (name: string) => string;
};

/**
 * A template's text with its blanks marked: as written (`{{tone:formal|casual}}`) on a card or in
 * the prompt dialog, or filled in for a preview. Renders inline; the caller's box sets wrapping.
 */
export function TemplateText({ template, values, emptyLabel }: Props) {
  return (
    <>
      {template.segments.map((segment, index) => {
        if (segment.kind === 'text') return <Fragment key={index}>{segment.text}</Fragment>;
        if (!values) return <Blank key={index}>{segment.source}</Blank>;
        const value = values[segment.name] ?? '';
        if (value) return <Blank key={index}>{value}</Blank>;
        return (
          <Blank key={index} empty label={emptyLabel?.(segment.name)}>
            {segment.name}
          </Blank>
        );
      })}
    </>
  );
}

function Blank({ children, empty = false, label }: { children: string; empty?: boolean; label?: string }) {
  return (
    <Box
      component="mark"
      aria-label={label}
      sx={(theme) => ({
        color: empty ? 'text.secondary' : 'text.primary',
        backgroundColor: empty ? 'transparent' : alpha(theme.palette.primary.main, 0.14),
        border: empty ? `1px dashed ${theme.palette.text.secondary}` : 'none',
        borderRadius: 0.5,
        px: 0.25,
        fontStyle: empty ? 'italic' : 'normal',
      })}
    >
      {children}
    </Box>
  );
}
