import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  ESTADOS_ABIERTOS,
  ESTADOS_CIERRE,
  MSG,
  REPORT_TEXTS as T,
  REPORT_TYPES,
  REPORT_TYPE_LABELS,
  type ReportType,
  type ReportUser,
} from '@vialex/domain';
import { showToast } from '../../lib/toasts';
import { useReportUsers } from './api/reports';

export interface FilterValues {
  tipo: ReportType;
  desde: string;
  hasta: string;
  estado: string;
  usuario: ReportUser | null;
}

const ESTADOS = [...ESTADOS_ABIERTOS, ...ESTADOS_CIERRE];

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The user select: names or e-mails as typed, from the server ('Error al cargar lista de usuarios'). */
function UserSelect({ value, onChange }: { value: ReportUser | null; onChange: (u: ReportUser | null) => void }) {
  const [input, setInput] = useState('');
  const q = useDebounced(input);
  const users = useReportUsers(q);
  useEffect(() => {
    if (users.isError) showToast('reportes-usuarios', MSG.errorListaUsuarios, { variant: 'error' });
  }, [users.isError, users.errorUpdatedAt]);
  return (
    <Autocomplete
      value={value}
      onChange={(_, u) => onChange(u)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={users.data ?? (value ? [value] : [])}
      getOptionLabel={(u) => u.nombre}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={users.isFetching}
      renderOption={(props, u) => (
        <li {...props} key={u.id}>
          {u.nombre} · {u.cargo}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={T.usuario} placeholder={T.buscarUsuario} size="small" />}
      noOptionsText={MSG.noHayDatos}
      loadingText={MSG.cargando}
    />
  );
}

/** Query type, dates, status and user, Consultar and Exportar (spec 3 §2). */
export function ReportFilters({
  values,
  onChange,
  onQuery,
  onExport,
  exporting,
}: {
  values: FilterValues;
  onChange: (v: FilterValues) => void;
  onQuery: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const set = <K extends keyof FilterValues>(k: K, v: FilterValues[K]) => onChange({ ...values, [k]: v });
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onQuery();
      }}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'minmax(200px, 1.2fr) repeat(2, minmax(170px, 1fr)) minmax(160px, 1fr) minmax(220px, 1.4fr) auto',
        },
        alignItems: 'center',
        mb: 3,
      }}
      data-testid="report-filters"
    >
      <TextField
        select
        size="small"
        label={T.tipoConsulta}
        value={values.tipo}
        onChange={(e) => set('tipo', e.target.value as ReportType)}
        slotProps={{ select: { inputProps: { 'data-testid': 'report-type' } } }}
      >
        {REPORT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {REPORT_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={T.fechaInicio}
        value={values.desde}
        onChange={(e) => set('desde', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={T.fechaFin}
        value={values.hasta}
        onChange={(e) => set('hasta', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        size="small"
        label={T.estado}
        value={values.estado}
        onChange={(e) => set('estado', e.target.value)}
      >
        <MenuItem value="">{T.todosEstados}</MenuItem>
        {ESTADOS.map((e) => (
          <MenuItem key={e} value={e}>
            {e}
          </MenuItem>
        ))}
      </TextField>
      <UserSelect value={values.usuario} onChange={(u) => set('usuario', u)} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
          {T.consultar}
        </Button>
        <Button variant="outlined" onClick={onExport} disabled={exporting} startIcon={<FileDownloadOutlined />}>
          {T.exportar}
        </Button>
      </Box>
    </Box>
  );
}
