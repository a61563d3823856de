import { LABELS, AREA_LIST, FEEDBACK, TITLES, areaSchema, type AreaCatalogueResponse } from '@vialex/domain';
import { listFields } from '../../components/list/fields';
import { startsWith } from '../../components/list/quick-search';
import { AREAS } from './api/named-catalogues';
import { NamedCataloguePage } from './named-catalogue-page';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';

const FIELDS = listFields(AREA_LIST, {
  nombre: LABELS.areas.nombre,
  estado: {
    label: LABELS.areas.estado,
    options: ESTADO_OPTIONS,
  },
});

/** AREA (spec 3 §2): every staff user reads it; only the Administrador creates, edits or inactivates (spec 3 §5). */
export default function AreasPage() {
  return (
    <NamedCataloguePage<AreaCatalogueResponse>
      title={TITLES.areas}
      catalogue={AREAS}
      fields={FIELDS}
      quickSearch={{ label: LABELS.areas.buscarRapido, toCriteria: (text) => startsWith('nombre', text) }}
      write="areas.write"
      texts={LABELS.areas}
      schema={areaSchema}
      done={{
        creado: FEEDBACK.areaCreada,
        actualizado: FEEDBACK.areaActualizada,
        inactivado: FEEDBACK.areaInactivada,
        activado: FEEDBACK.areaActivada,
      }}
    />
  );
}
