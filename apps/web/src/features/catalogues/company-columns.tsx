import EditOutlined from '@mui/icons-material/EditOutlined';
import { LABELS } from '@vialex/domain';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { EstadoChip } from '../../components/list/estado-chip';
import { ListCard } from '../../components/list/list-card';
import { RowAction, RowActions } from '../../components/list/row-action';
import { startsWith, wholeNumber, type QuickSearch } from '../../components/list/quick-search';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { CompanyRow } from './api/companies';

export interface CompanyColumnActions {
  canWrite: boolean;
  edit: (c: CompanyRow) => void;
  deactivate: (c: CompanyRow) => void;
}

/** The phone's one search field: digits are the NIT, words the start of the company's name. */
export const COMPANY_QUICK_SEARCH: QuickSearch = {
  label: LABELS.empresas.buscarRapido,
  toCriteria: (text) => {
    const nit = text.trim().replace(/[.\s]/g, '');
    if (wholeNumber(nit) !== null || /^\d+-\d$/.test(nit)) return [{ field: 'nit', op: 'eq', value: nit }];
    return startsWith('empresa', text);
  },
};

/** The edit and deactivate icons (spec 3 §2); deactivate disabled on an inactive company. */
function CompanyActions({ c, actions, labelled }: { c: CompanyRow; actions: CompanyColumnActions; labelled: boolean }) {
  if (!actions.canWrite) return null;
  return (
    <RowActions labelled={labelled}>
      <RowAction
        label={LABELS.list.editar}
        icon={<EditOutlined fontSize="small" />}
        onClick={() => actions.edit(c)}
        labelled={labelled}
      />
      <RowAction
        label={LABELS.list.eliminar}
        icon={<DeleteOutlineOutlined fontSize="small" />}
        color="error"
        onClick={() => actions.deactivate(c)}
        disabled={!c.estado}
        labelled={labelled}
      />
    </RowActions>
  );
}

/** LISTA DE EMPRESAS' columns: empresa, nit, estado, acciones (spec 3 §2). */
export function companyColumns(actions: CompanyColumnActions): ListColumn<CompanyRow>[] {
  const columns: ListColumn<CompanyRow>[] = [
    { key: 'empresa', header: LABELS.empresas.empresa, minWidth: 260, render: (c) => c.empresa },
    { key: 'nit', header: LABELS.empresas.nit, minWidth: 130, render: (c) => c.nit },
    { key: 'estado', header: LABELS.empresas.estado, render: (c) => <EstadoChip estado={c.estado} /> },
  ];
  if (!actions.canWrite) return columns;
  return [
    ...columns,
    {
      key: 'acciones',
      header: LABELS.list.acciones,
      sticky: 'right',
      width: 104,
      render: (c) => <CompanyActions c={c} actions={actions} labelled={false} />,
    },
  ];
}

export function companyCard(actions: CompanyColumnActions): RenderCard<CompanyRow> {
  return function CompanyCard(c) {
    return (
      <ListCard
        title={c.empresa}
        subtitle={`${LABELS.empresas.nit} ${c.nit}`}
        status={<EstadoChip estado={c.estado} />}
        actions={actions.canWrite && <CompanyActions c={c} actions={actions} labelled />}
      />
    );
  };
}
