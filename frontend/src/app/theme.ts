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
  return createTheme({
    palette: darkMode
      ? {
          mode: 'dark',
          primary: { main: '#8ab4ff' },
          secondary: { main: '#f5b971' },
          background: { default: '#111318', paper: '#1a1d24' },
        }
      : {
          mode: 'light',
          primary: { main: '#3451b2' },
          secondary: { main: '#9a4d00' },
          background: { default: '#f6f7fb', paper: '#ffffff' },
        },
    shape: { borderRadius: 10 },
    typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiCssBaseline: { styleOverrides: '@keyframes app-spin { to { transform: rotate(360deg); } }' },
    },
  });
}
