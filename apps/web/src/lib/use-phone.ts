import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A phone-sized screen: narrower than MUI's `sm` (600 px), where lists become cards, dialogs take
 * the whole screen and a heading's buttons show their icons. Read from the first render (the app
 * is never rendered on a server, so there is nothing to guess for a first frame).
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
