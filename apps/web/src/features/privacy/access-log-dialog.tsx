import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DATA_ACCESS_WINDOW_MINUTES, LABELS, PAGE_SIZE, fmt, recordText } from '@vialex/domain';
import { ListCard } from '../../components/list/list-card';
import { PagedTable } from '../../components/list/paged-table';
import { usePagedList } from '../../components/list/use-paged-list';
import type { ListColumn, RenderCard } from '../../components/list/types';
import { dataAccessKey, fetchDataAccesses, type DataAccessRow } from './api/privacy';
import { usePhone } from '../../lib/use-phone';

const P = LABELS.privacidad;

/** The client whose log it is, as the clients list has them. */
export interface AccessLogClient {
  id: string;
  nombres: string;
  apellidos: string;
}

/** What was opened: the client's record, or a case's DATOS DEL CASO (a link to it). */
function What({ row }: { row: DataAccessRow }) {
  if (row.que === 'cliente' || !row.caseId) return <>{P.fichaCliente}</>;
  return (
    <Link component={RouterLink} to={`/gestionar-caso/${row.caseId}`}>
      {fmt(P.datosCaso, { caso: row.caso ?? '' })}
    </Link>
  );
}

const COLUMNS: ListColumn<DataAccessRow>[] = [
  { key: 'cuando', header: P.cuando, sticky: 'left', width: 170, render: (r) => recordText(r.fecha) },
  { key: 'quien', header: P.quien, sticky: 'left', width: 200, render: (r) => r.nombre },
  { key: 'cargo', header: P.cargo, minWidth: 160, render: (r) => r.cargo },
  { key: 'que', header: P.que, minWidth: 160, render: (r) => <What row={r} /> },
];

const card: RenderCard<DataAccessRow> = (r) => (
  <ListCard
    title={r.nombre}
    subtitle={r.cargo}
    fields={[
      { label: P.cuando, value: recordText(r.fecha) },
      { label: P.que, value: <What row={r} /> },
    ]}
  />
);

const rowId = (r: DataAccessRow) => r.id;

function AccessLog({ client }: { client: AccessLogClient }) {
  const list = usePagedList(dataAccessKey(client.id), fetchDataAccesses(client.id), { limit: PAGE_SIZE });
  return <PagedTable list={list} columns={COLUMNS} renderCard={card} label={P.accesos} getRowId={rowId} />;
}

/**
 * 'Quién consultó sus datos' (Ley 1581 de 2012: the person may ask how their data was used): the
 * staff who opened a client's record or the DATOS DEL CASO of one of their cases, newest first,
 * in the lists' keyset pages. For the Administrador (the server answers nobody else). Full screen
 * on a phone, one card per entry.
 */
export function AccessLogDialog({ client, onClose }: { client: AccessLogClient | null; onClose: () => void }) {
  const phone = usePhone();
  const titleId = useId();
  return (
    <Dialog
      open={client !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="access-log-dialog"
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {client && fmt(P.accesosDe, { nombre: `${client.nombres} ${client.apellidos}` })}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {fmt(P.accesosNota, { minutos: DATA_ACCESS_WINDOW_MINUTES })}
        </Typography>
        {client && <AccessLog client={client} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{P.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
