import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/Construction';
import { PageTitle } from '../../components/page-title';
import { TEXTS } from '../../lib/texts';

/** Stand-in for a screen of a later issue: its title and a notice. Routes replace it as screens land. */
export function PlaceholderPage({ title, standalone = false }: { title: string; standalone?: boolean }) {
  const body = (
    <>
      <PageTitle title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderStyle: 'dashed' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <Construction color="primary" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary" data-testid="placeholder-text">
            {TEXTS.proximaVersion}
          </Typography>
        </Stack>
      </Paper>
    </>
  );
  return standalone ? <Box sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, md: 4 } }}>{body}</Box> : body;
}
