import { AREA_LIST, FEEDBACK, TITLES, areaSchema, type AreaCatalogueResponse } from '@vialex/domain';
import { listFields } from '../../components/list/fields';
import { startsWith } from '../../components/list/quick-search';
import { AREAS } from './api/named-catalogues';
import { NamedCataloguePage } from './named-catalogue-page';
import { AREA_TEXTS } from './texts';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';

const FIELDS = listFields(AREA_LIST, {
  nombre: AREA_TEXTS.nombre,
  estado: {
    label: AREA_TEXTS.estado,
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
      quickSearch={{ label: AREA_TEXTS.buscarRapido, toCriteria: (text) => startsWith('nombre', text) }}
      write="areas.write"
      texts={AREA_TEXTS}
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
