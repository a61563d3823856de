import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Chat from '@mui/icons-material/Chat';
import Map from '@mui/icons-material/Map';
import Engineering from '@mui/icons-material/Engineering';
import Draw from '@mui/icons-material/Draw';
import Assignment from '@mui/icons-material/Assignment';
import { LABELS, type WorkspaceTab } from '@vialex/domain';

const ICONS = { chat: Chat, mapa: Map, chat_perito: Engineering, chat_dibujante: Draw, gestionar: Assignment };

/** What a tab will hold, until the issue that builds it fills it. */
export function TabPlaceholder({ tab }: { tab: Exclude<WorkspaceTab, 'informacion'> }) {
  const Icon = ICONS[tab];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, borderStyle: 'dashed' }}
      data-testid={`tab-placeholder-${tab}`}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'center', textAlign: { xs: 'center', sm: 'left' } }}
      >
        <Icon color="primary" sx={{ fontSize: 44 }} />
        <Stack spacing={0.5}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {LABELS.espacio.pestanas[tab]}
          </Typography>
          <Typography color="text.secondary">{LABELS.espacio.proximamente[tab]}</Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
