import { useEffect, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND } from '@vialex/domain';

/** A screen's heading; also names the browser tab so staff can tell their tabs apart. */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${BRAND}`;
    return () => {
      document.title = BRAND;
    };
  }, [title]);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
      <Typography variant="h5" component="h1" color="primary.dark" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {actions}
    </Stack>
  );
}
