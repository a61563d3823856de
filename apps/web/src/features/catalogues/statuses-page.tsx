import {
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
import { STATUS_TEXTS } from './texts';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';

type Row = CaseStatusCatalogueResponse;

const FIELDS = listFields(CASE_STATUS_CATALOGUE_LIST, {
  nombre: STATUS_TEXTS.nombre,
  editable: {
    label: STATUS_TEXTS.editable,
    options: [
      { value: 'true', label: STATUS_TEXTS.si },
      { value: 'false', label: STATUS_TEXTS.no },
    ],
  },
  estado: {
    label: STATUS_TEXTS.estado,
    options: ESTADO_OPTIONS,
  },
});

const editable = (row: Row) => (row.editable ? STATUS_TEXTS.si : STATUS_TEXTS.no);
const EDITABLE: ListColumn<Row> = { key: 'editable', header: STATUS_TEXTS.editable, render: editable };

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
      quickSearch={{ label: STATUS_TEXTS.buscarRapido, toCriteria: (text) => startsWith('nombre', text) }}
      write="estadoscaso.write"
      texts={STATUS_TEXTS}
      schema={caseStatusCatalogueSchema}
      extraColumns={[EDITABLE]}
      extraCardFields={(row) => [{ label: STATUS_TEXTS.editable, value: editable(row) }]}
      locked={(row) => (row.editable ? null : STATUS_TEXTS.bloqueado)}
      done={{
        creado: FEEDBACK.estadoCreado,
        actualizado: FEEDBACK.estadoActualizado,
        inactivado: FEEDBACK.estadoInactivado,
        activado: FEEDBACK.estadoActivado,
      }}
    />
  );
}
