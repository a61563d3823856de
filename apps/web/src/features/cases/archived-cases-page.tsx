import { CasesList } from './cases-list';

/** /casos-archivados: LISTA DE CASOS ARCHIVADOS; the last column restores. */
export default function ArchivedCasesPage() {
  return <CasesList archived />;
}
