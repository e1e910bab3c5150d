import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type Props = { heading: string; maxHeight: number; children: ReactNode };

/** A template's text under a small heading, in a box that scrolls and is named by the heading. */
export function TemplateRegion({ heading, maxHeight, children }: Props) {
  const headingId = useId();
  return (
    <>
      <Typography id={headingId} component="h3" variant="overline" sx={{ display: 'block' }}>
        {heading}
      </Typography>
      <Box
        role="region"
        aria-labelledby={headingId}
        // A region that scrolls must be reachable by keyboard to be read.
        tabIndex={0}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight,
          overflow: 'auto',
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontSize: 14,
        }}
      >
        {children}
      </Box>
    </>
  );
}
