import { useState, type ReactNode } from 'react';
import { FEEDBACK, PAGE_SIZE, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useRowEditing } from '../../components/list/use-row-editing';
import { usePagedList } from '../../components/list/use-paged-list';
import { CLIENT_FIELDS, clientListKey, fetchClients, type ClientRow } from './api/list-clients';
import { useDeactivateClient } from './api/deactivate-client';
import { ClientFormDialog } from './client-form-dialog';
import { CLIENT_QUICK_SEARCH, clientCard, clientColumns } from './client-columns';

const rowId = (c: ClientRow) => c.id;
const nombre = (c: ClientRow) => `${c.nombres} ${c.apellidos}`;

export interface ClientsPageProps {
  /**
   * 'Quién consultó sus datos' for a client (null: closed), given by app/ from features/privacy;
   * offered on the rows only to a cargo that may read it.
   */
  accessLog?: (client: ClientRow | null, onClose: () => void) => ReactNode;
}

/** LISTA DE CLIENTES (spec 1 §2): 10 per page, newest first, add/edit dialog, soft delete. */
export default function ClientsPage({ accessLog }: ClientsPageProps = {}) {
  const list = usePagedList(clientListKey, fetchClients, { limit: PAGE_SIZE });
  // The row just added, edited or deactivated is highlighted; the toast names the client.
  const rows = useRowEditing<ClientRow>();
  const deactivate = useDeactivateClient();
  // Writes are for the contact-centre desk; others get the spec's info popup (spec 1 §6).
  const ifAllowed = (action: () => void) => rows.ifAllowed(list.canWrite, action);

  const me = useCurrentUser();
  const [logOf, setLogOf] = useState<ClientRow | null>(null);
  const rowActions = {
    // Edit and delete only for a cargo that may write clients; the server refuses the others anyway.
    canWrite: can(me.cargo, 'clientes.write') && list.canWrite !== false,
    edit: (c: ClientRow) => ifAllowed(() => rows.open(c)),
    deactivate: (c: ClientRow) =>
      ifAllowed(
        () =>
          void rows.confirmWrite(
            c,
            () => deactivate.mutateAsync(c.id),
            fmt(FEEDBACK.clienteInactivado, { nombre: nombre(c) }),
          ),
      ),
    accessLog: accessLog && can(me.cargo, 'clientes.accesos') ? setLogOf : undefined,
  };

  return (
    <>
      <PageTitle title={TITLES.clientes} />
      <CriteriaPanel
        fields={CLIENT_FIELDS}
        quickSearch={CLIENT_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => rows.open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={clientColumns(rowActions)}
        renderCard={clientCard(rowActions)}
        label={TITLES.clientes}
        getRowId={rowId}
        highlightedId={rows.highlightedId}
      />
      <ClientFormDialog
        target={rows.target}
        onClose={rows.close}
        onSaved={(saved, created) => {
          if (created) list.first();
          rows.saved(
            saved,
            fmt(created ? FEEDBACK.clienteCreado : FEEDBACK.clienteActualizado, { nombre: nombre(saved) }),
          );
        }}
        onAnonymised={(saved, before) =>
          rows.saved(saved, fmt(FEEDBACK.clienteAnonimizado, { nombre: nombre(before) }))
        }
        feedback={rows.feedback}
      />
      {rows.elements}
      {accessLog?.(logOf, () => setLogOf(null))}
    </>
  );
}
