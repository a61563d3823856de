import Chip from '@mui/material/Chip';

/** Origen: green for Vialex's own cases, orange for Cronos and the other sources (spec 2 §9). */
export function OriginChip({ origen, color }: { origen: string; color: 'success' | 'warning' }) {
  return <Chip size="small" color={color} label={origen} sx={{ fontWeight: 600 }} data-testid="origin-chip" />;
}
