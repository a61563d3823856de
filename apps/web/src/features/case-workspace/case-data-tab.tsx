import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABELS, type WorkspaceResponse, type WorkspaceTabResponse, momentText } from '@vialex/domain';
import type { Feedback } from '../../components/list/use-feedback';
import { CenteredSpinner } from '../../components/centered-spinner';
import { HistoryList } from './history-list';
import { PolicyCards } from './policy-cards';
import { PolicyPanel } from './policy-panel';

const L = LABELS.espacio;
const C = LABELS.casos;

/** A titled block of the workspace. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" data-testid={testId}>
      <Typography component="h2" variant="subtitle1" color="primary.dark" sx={{ fontWeight: 800, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** The case's own data (spec 2 §2 "DATOS DEL CASO screen"). */
function CaseData({ caso }: { caso: WorkspaceResponse['caso'] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1.5, m: 0 }}
      data-testid="case-data"
    >
      <Item label={C.cliente} value={caso.cliente.nombre} />
      <Item label={C.relacion} value={caso.cliente.relacion} />
      <Item label={C.telefono} value={caso.cliente.telefono} />
      <Item label={C.identificacion} value={caso.cliente.identificacion} />
      <Item label={C.placa} value={caso.placa} />
      <Item label={C.vehiculo} value={caso.vehiculo} />
      <Item label={C.tipoCaso} value={caso.tipocaso} />
      <Item label={C.tipoPlan} value={caso.tipo_plan} />
      <Item label={C.tipoProducto} value={caso.tipo_producto} />
      <Item label={C.verificacion} value={caso.verificacion} />
      <Item label={C.empresa} value={caso.empresa} />
      <Item label={C.departamento} value={caso.departamento} />
      <Item label={C.ciudadSiniestro} value={caso.ciudad_siniestro} />
      <Item label={C.direccionSiniestro} value={caso.direccion_siniestro} />
      <Item label={C.fechaCreacion} value={momentText(caso.creado)} />
      <Item label={C.prioridad} value={C.prioridades[caso.prioridad] ?? caso.prioridad} />
    </Box>
  );
}

/**
 * DATOS DEL CASO (the spec's empty tab): the case data, HISTORIAL DE GESTIÓN, and DATOS DE LA
 * PÓLIZA with the policy area's buttons and the panels other features give it (the SMS).
 */
export function CaseDataTab({
  espacio,
  data,
  feedback,
  panels,
}: {
  espacio: WorkspaceResponse;
  data: WorkspaceTabResponse | undefined;
  feedback: Feedback;
  panels?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Section title={L.datosCaso} testId="case-data-section">
          <CaseData caso={espacio.caso} />
        </Section>
        <Section title={L.historial} testId="history-section">
          {data?.historial ? <HistoryList entries={data.historial} /> : <CenteredSpinner />}
        </Section>
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Section title={L.datosPoliza} testId="policy-section">
          <Stack spacing={2}>
            <PolicyPanel espacio={espacio} feedback={feedback} />
            {data?.polizas ? <PolicyCards polizas={data.polizas} /> : <CenteredSpinner />}
          </Stack>
        </Section>
        {panels}
      </Stack>
    </Box>
  );
}
