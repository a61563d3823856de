import { CaseWorkspacePage } from '../features/case-workspace/case-workspace-page';
import { CaseSmsPanel } from '../features/case-sms';
import { ExportCaseButton } from '../features/case-export';
import { CaseStatusPanel } from '../features/case-status';
import { ChatRoom, ChatTabLabel } from '../features/case-chat';
import { CaseMapTab } from '../features/case-map';
import { AuthorisationLine } from '../features/privacy';
import { chatKindOfTab } from '@vialex/domain';

/**
 * The case workspace composed from the features that fill it (features never import each other):
 * the driver's authorisation of their data on DATOS DEL CASO (features/privacy), the SMS panel
 * there and the export button of the header (features/case-export), the gestionar tab's status
 * change (features/case-status), the chat rooms of the chat tabs and their unread counts
 * (features/case-chat), the mapa tab's map (features/case-map, its Leaflet chunk loaded with the
 * tab). A slot left empty shows what it will hold.
 */
export function CaseWorkspaceRoute() {
  return (
    <CaseWorkspacePage
      gestionar={(caso) => <CaseStatusPanel caseId={caso.id} />}
      mapa={(caso) => <CaseMapTab key={caso.id} caseId={caso.id} />}
      chat={(caso, tipo) => <ChatRoom key={`${caso.id}-${tipo}`} caseId={caso.id} tipo={tipo} />}
      tabLabel={(caso, tab, label) => {
        const tipo = chatKindOfTab(tab);
        return tipo ? <ChatTabLabel caseId={caso.id} tipo={tipo} label={label} /> : null;
      }}
      panels={(caso) => (
        <>
          <AuthorisationLine caseId={caso.id} />
          <CaseSmsPanel caseId={caso.id} />
        </>
      )}
      headerActions={(caso) =>
        caso.actions.export ? <ExportCaseButton caseId={caso.id} caso={caso.caso} size="small" /> : null
      }
    />
  );
}

export default CaseWorkspaceRoute;
