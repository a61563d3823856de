import { useState } from 'react';
import { FEEDBACK, PAGE_SIZE, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useConfirm } from '../../components/list/use-confirm';
import { deactivateAfterConfirm } from '../../components/list/deactivate';
import { useFeedback } from '../../components/list/use-feedback';
import { useHighlightedRow } from '../../components/list/use-highlighted-row';
import { usePagedList } from '../../components/list/use-paged-list';
import { CLIENT_FIELDS, clientListKey, fetchClients, type ClientRow } from './api/list-clients';
import { useDeactivateClient } from './api/deactivate-client';
import { ClientFormDialog } from './client-form-dialog';
import { CLIENT_QUICK_SEARCH, clientCard, clientColumns } from './client-columns';

const rowId = (c: ClientRow) => c.id;
const nombre = (c: ClientRow) => `${c.nombres} ${c.apellidos}`;

/** LISTA DE CLIENTES (spec 1 §2): 10 per page, newest first, add/edit dialog, soft delete. */
export default function ClientsPage() {
  const list = usePagedList(clientListKey, fetchClients, { limit: PAGE_SIZE });
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const deactivate = useDeactivateClient();
  const [target, setTarget] = useState<ClientRow | 'new' | null>(null);
  // The row just added, edited or deactivated is highlighted; the toast names the client.
  const { highlightedId, highlight, clear } = useHighlightedRow();
  const open = (next: ClientRow | 'new') => {
    clear();
    setTarget(next);
  };

  // Writes are for the contact-centre desk; others get the spec's info popup (spec 1 §6).
  const ifAllowed = (action: () => void) => (list.canWrite === false ? feedback.unauthorized() : action());

  const me = useCurrentUser();
  const rowActions = {
    // Edit and delete only for a cargo that may write clients; the server refuses the others anyway.
    canWrite: can(me.cargo, 'clientes.write') && list.canWrite !== false,
    edit: (c: ClientRow) => ifAllowed(() => open(c)),
    deactivate: (c: ClientRow) =>
      ifAllowed(async () => {
        const done = () => deactivate.mutateAsync(c.id);
        const detail = fmt(FEEDBACK.clienteInactivado, { nombre: nombre(c) });
        if (await deactivateAfterConfirm(confirm, feedback, done, detail)) highlight(c.id);
      }),
  };

  return (
    <>
      <PageTitle title={TITLES.clientes} />
      <CriteriaPanel
        fields={CLIENT_FIELDS}
        quickSearch={CLIENT_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={clientColumns(rowActions)}
        renderCard={clientCard(rowActions)}
        label={TITLES.clientes}
        getRowId={rowId}
        highlightedId={highlightedId}
      />
      <ClientFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(saved, created) => {
          setTarget(null);
          if (created) list.first();
          feedback.success(
            fmt(created ? FEEDBACK.clienteCreado : FEEDBACK.clienteActualizado, { nombre: nombre(saved) }),
          );
          highlight(saved.id);
        }}
        feedback={feedback}
      />
      {confirmDialog}
      {feedback.element}
    </>
  );
}
