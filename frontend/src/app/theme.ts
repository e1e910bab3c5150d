import { createTheme, type Theme } from '@mui/material/styles';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Colours chosen for WCAG AA contrast on their backgrounds in both modes. */
export function createAppTheme(darkMode: boolean): Theme {
  const primary = darkMode ? '#8ab4ff' : '#3451b2';
  return createTheme({
    palette: darkMode
      ? {
          mode: 'dark',
          primary: { main: primary },
          secondary: { main: '#f5b971' },
          // MUI's dark red puts white text at 3.7:1 on a filled (delete) button; this light red takes dark text.
          error: { main: '#ffb4ab' },
          background: { default: '#111318', paper: '#1a1d24' },
        }
      : {
          mode: 'light',
          primary: { main: primary },
          secondary: { main: '#9a4d00' },
          background: { default: '#f6f7fb', paper: '#ffffff' },
        },
    shape: { borderRadius: 10 },
    typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiCssBaseline: { styleOverrides: '@keyframes app-spin { to { transform: rotate(360deg); } }' },
      // What the keyboard is on shows as a ring, not only as the faint tint a selected item has too.
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${primary}`, outlineOffset: 2 } },
        },
      },
    },
  });
}
