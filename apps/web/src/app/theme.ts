import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

/** Deep institutional blue with an amber accent (the road stripe of the logo). */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#0d3b7c', light: '#3f66a8', dark: '#082554', contrastText: '#fff' },
      secondary: { main: '#ffb300', contrastText: '#1b1b1b' },
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
