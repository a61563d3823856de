import { createTheme } from '@mui/material/styles';
import { esES } from './locale-es';

/**
 * Deep institutional blue with an amber accent (the road stripe of the logo). The status colours
 * are darker than MUI's defaults so that white text on them, and they as text on white or on the
 * page background, reach WCAG AA (4.5:1): MUI's orange was 3.1:1 with white, its light blue 3.9:1.
 */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#0d3b7c', light: '#3f66a8', dark: '#082554', contrastText: '#fff' },
      secondary: { main: '#ffb300', contrastText: '#1b1b1b' },
      warning: { main: '#a84b00', light: '#d97706', dark: '#7c3700', contrastText: '#fff' },
      info: { main: '#01699f', light: '#0288d1', dark: '#014a70', contrastText: '#fff' },
      success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
      error: { main: '#c62828', light: '#ef5350', dark: '#8e1c1c', contrastText: '#fff' },
      background: { default: '#f3f5f9', paper: '#ffffff' },
      text: { primary: '#1a2233', secondary: '#5b6476' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { fontWeight: 600, letterSpacing: '0.04em' },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  },
  esES,
);
