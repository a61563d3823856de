import {
  LABELS,
  CASE_STATUS_CATALOGUE_LIST,
  FEEDBACK,
  TITLES,
  caseStatusCatalogueSchema,
  type CaseStatusCatalogueResponse,
} from '@vialex/domain';
import { listFields } from '../../components/list/fields';
import { startsWith } from '../../components/list/quick-search';
import type { ListColumn } from '../../components/list/types';
import { STATUSES } from './api/named-catalogues';
import { NamedCataloguePage } from './named-catalogue-page';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';

type Row = CaseStatusCatalogueResponse;

const FIELDS = listFields(CASE_STATUS_CATALOGUE_LIST, {
  nombre: LABELS.gestiones.nombre,
  editable: {
    label: LABELS.gestiones.editable,
    options: [
      { value: 'true', label: LABELS.gestiones.si },
      { value: 'false', label: LABELS.gestiones.no },
    ],
  },
  estado: {
    label: LABELS.gestiones.estado,
    options: ESTADO_OPTIONS,
  },
});

const editable = (row: Row) => (row.editable ? LABELS.gestiones.si : LABELS.gestiones.no);
const EDITABLE: ListColumn<Row> = { key: 'editable', header: LABELS.gestiones.editable, render: editable };

/**
 * TIPO DE GESTIONES (spec 3 §2), the case-status catalogue: staff only (decisions.md D6); the
 * Administrador keeps it; a row with editable NO is neither edited nor inactivated (spec 3 §4, §8).
 */
export default function StatusesPage() {
  return (
    <NamedCataloguePage<Row>
      title={TITLES.gestiones}
      catalogue={STATUSES}
      fields={FIELDS}
      quickSearch={{ label: LABELS.gestiones.buscarRapido, toCriteria: (text) => startsWith('nombre', text) }}
      write="estadoscaso.write"
      texts={LABELS.gestiones}
      schema={caseStatusCatalogueSchema}
      extraColumns={[EDITABLE]}
      extraCardFields={(row) => [{ label: LABELS.gestiones.editable, value: editable(row) }]}
      locked={(row) => (row.editable ? null : LABELS.gestiones.bloqueado)}
      done={{
        creado: FEEDBACK.estadoCreado,
        actualizado: FEEDBACK.estadoActualizado,
        inactivado: FEEDBACK.estadoInactivado,
        activado: FEEDBACK.estadoActivado,
      }}
    />
  );
}
