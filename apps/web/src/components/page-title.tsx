import { useEffect, type ReactElement, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BRAND } from '@vialex/domain';
import { usePhone } from '../lib/use-phone';

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

/**
 * A button beside a screen's heading: its words at a desk; on a phone, where they would wrap
 * beside the heading, its icon alone, named by the same words (a tooltip and the accessible name).
 */
export function TitleAction({
  label,
  icon,
  onClick,
  color = 'primary',
  testId,
}: {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'primary' | 'warning';
  testId?: string;
}) {
  const phone = usePhone();
  return phone ? (
    <Tooltip title={label}>
      <IconButton
        color={color}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
        sx={{ border: 1, borderColor: `${color}.light` }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  ) : (
    <Button
      variant="outlined"
      color={color}
      startIcon={icon}
      onClick={onClick}
      data-testid={testId}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
