import { CasesList } from '../features/cases/cases-list';
import { useExportRequest } from '../features/case-export';

/**
 * LISTA DE CASOS and LISTA DE CASOS ARCHIVADOS composed with what other features give their rows
 * (features never import each other): Exportar archivos del caso, asked and recorded as the
 * workspace's header does it (features/case-export).
 */
function CasesRoute({ archived }: { archived: boolean }) {
  const exporter = useExportRequest();
  return (
    <>
      <CasesList archived={archived} exportCase={exporter.request} />
      {exporter.element}
    </>
  );
}

/** /casos. */
export default function ActiveCasesRoute() {
  return <CasesRoute archived={false} />;
}

/** /casos-archivados: the last column restores. */
export function ArchivedCasesRoute() {
  return <CasesRoute archived />;
}
