import { CaseWorkspacePage } from '../features/case-workspace/case-workspace-page';

/**
 * The case workspace composed from the features that fill it (features never import each other):
 * the gestionar tab's status change (features/case-status), the SMS panel of DATOS DEL CASO
 * (features/case-sms) and the export button of the header. A slot left empty shows what it will hold.
 */
export function CaseWorkspaceRoute() {
  return <CaseWorkspacePage />;
}

export default CaseWorkspaceRoute;
