import Box from '@mui/material/Box';

/** The app mark, drawn inline so it costs no request and follows the theme colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: size, height: size, flexShrink: 0 }}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M9 8h10a4 4 0 0 1 4 4v12H13a4 4 0 0 1-4-4z" fill="#fff" />
      <path d="M13 13h6M13 17h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Box>
  );
}
