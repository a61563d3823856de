import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface CardField {
  label: string;
  value: ReactNode;
}

export interface ListCardProps {
  /** A small line above the title naming what the title is ('Caso'). */
  overline?: string;
  /** What a person identifies the row by, large: the case number, the person's name. */
  title: ReactNode;
  /** A larger title: a number read out to a caller (the case number). */
  prominent?: boolean;
  /** A line under the title (the client, the e-mail). */
  subtitle?: ReactNode;
  /** At the top right: the row's state (Estado, Disponibilidad). */
  status?: ReactNode;
  /** Chips under the title (origin, plan). */
  chips?: ReactNode;
  /** Label and value pairs, two per line where they fit. */
  fields?: readonly CardField[];
  /** The row's actions as labelled buttons (RowAction labelled). */
  actions?: ReactNode;
}

/** The layout of one list row as a phone card: identity first, then state, details and actions. */
export function ListCard({
  overline,
  title,
  prominent = false,
  subtitle,
  status,
  chips,
  fields,
  actions,
}: ListCardProps) {
  return (
    <Stack spacing={1.25}>
      {/* A long name pushes the state under it rather than squeezing into a narrow column. */}
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 auto', maxWidth: '100%' }}>
          {overline && (
            <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
              {overline}
            </Typography>
          )}
          <Typography
            component="div"
            variant={prominent ? 'h5' : 'h6'}
            sx={{ fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' }}
            data-testid="card-title"
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {status && <Box sx={{ flexShrink: 0 }}>{status}</Box>}
      </Stack>
      {chips && (
        <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }}>
          {chips}
        </Stack>
      )}
      {fields && fields.length > 0 && (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}
        >
          {fields.map((f) => (
            <Box key={f.label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {f.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {f.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {actions && <Box sx={{ pt: 0.5 }}>{actions}</Box>}
    </Stack>
  );
}
