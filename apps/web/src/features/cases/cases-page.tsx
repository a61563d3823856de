import { CasesList } from './cases-list';

/** /casos: LISTA DE CASOS. */
export default function CasesPage() {
  return <CasesList archived={false} />;
}
