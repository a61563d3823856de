import type { ReactNode } from 'react';
import { LABELS } from '@vialex/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseRow } from './api/list-cases';
import { FormDialog } from '../../components/list/form-dialog';

/** One dt/dd pair in its own div (the only wrapper a <dl> allows); `wide` spans both columns. */
function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography
        variant="caption"
        color="text.secondary"
        component="dt"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** 'Datos del caso' (spec 2 §2): 500 px; where and for whom, with the affected person's relation. */
export function CaseInfoDialog({ row, onClose }: { row: CaseRow | null; onClose: () => void }) {
  return (
    <FormDialog
      open={row !== null}
      title={LABELS.casos.datosCaso}
      width={500}
      onClose={onClose}
      testId="case-info-dialog"
    >
      {row && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}>
          <Item label={LABELS.casos.caso}>{`# ${row.caso}`}</Item>
          <Item label={LABELS.casos.departamento}>{row.departamento}</Item>
          <Item label={LABELS.casos.ciudad}>{row.ciudad_siniestro}</Item>
          <Item label={LABELS.casos.empresa}>{row.empresa}</Item>
          <Item wide label={LABELS.casos.direccionSiniestro}>
            {row.direccion_siniestro}
          </Item>
          <Item wide label={LABELS.casos.cliente}>
            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{row.cliente.nombre ?? '—'}</span>
              <Chip
                size="small"
                color={row.cliente.relacion === 'Conductor' ? 'info' : 'primary'}
                label={row.cliente.relacion}
                data-testid="client-relation"
              />
            </Stack>
          </Item>
          <Item label={LABELS.casos.telefono}>{row.cliente.telefono}</Item>
        </Box>
      )}
    </FormDialog>
  );
}
