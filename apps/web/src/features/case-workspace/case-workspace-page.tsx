import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  BRAND,
  LABELS,
  MSG,
  WORKSPACE_TABS,
  chatKindOfTab,
  fmt,
  type CaseResponse,
  type ChatKind,
  type WorkspaceResponse,
  type WorkspaceTab,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useFeedback } from '../../components/list/use-feedback';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useCurrentUser } from '../../lib/session';
import { useWorkspace, useWorkspaceTab } from './api/workspace';
import { useFollowCase } from './use-follow-case';
import { PhoneWorkspaceHeader, WorkspaceHeader } from './workspace-header';
import { BOTTOM_NAV_HEIGHT, WorkspaceBottomNav } from './workspace-bottom-nav';
import { CHOSEN_TAB_STATE, landingTab } from './phone-layout';
import { CaseDataTab, Section } from './case-data-tab';
import { HistoryList } from './history-list';
import { TabPlaceholder } from './tab-placeholder';
import { CaseFileButton } from './case-file-button';
import { QueryFailed, failureShown } from '../../components/query-failed';
import { usePhone } from '../../lib/use-phone';

const L = LABELS.espacio;

/** What other features put into the workspace, composed in app/ (features never import each other). */
export interface CaseWorkspaceSlots {
  /** The gestionar tab's form (the status change, features/case-status) for this case. */
  gestionar?: (caso: CaseResponse) => ReactNode;
  /** Panels of DATOS DEL CASO beside the policies (the SMS to the client, features/case-sms). */
  panels?: (caso: CaseResponse) => ReactNode;
  /** Buttons in the header (the export request). */
  headerActions?: (caso: CaseResponse) => ReactNode;
  /** A chat tab's room (features/case-chat): chat, chat_perito and chat_dibujante. */
  chat?: (caso: CaseResponse, tipo: ChatKind) => ReactNode;
  /** The mapa tab's map (features/case-map): the people, the route, the arrival times and the arrival. */
  mapa?: (caso: CaseResponse) => ReactNode;
  /**
   * A tab's label (a desk's tab) or icon (a phone's bottom bar), when another feature adds to it
   * (the chat tabs' unread counts).
   */
  tabLabel?: (caso: CaseResponse, tab: WorkspaceTab, label: ReactNode) => ReactNode;
}

/** The route's tab: none is the spec's empty tab (DATOS DEL CASO). */
const tabOf = (segment: string | undefined): WorkspaceTab | null =>
  segment === undefined || segment === ''
    ? 'informacion'
    : (WORKSPACE_TABS as readonly string[]).includes(segment) && segment !== 'informacion'
      ? (segment as WorkspaceTab)
      : null;

export const tabPath = (id: string, tab: WorkspaceTab) =>
  tab === 'informacion' ? `/gestionar-caso/${id}` : `/gestionar-caso/${id}/${tab}`;

/** A refusal of the server, said in its words, with the way back to the list. */
function Refused({ error }: { error: unknown }) {
  const message = isApiError(error) ? error.message : MSG.algoSalioMal;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', mt: 4 }} data-testid="workspace-refused">
      <Alert severity={isApiError(error) && error.status === 403 ? 'info' : 'error'}>{message}</Alert>
      <Button
        component={RouterLink}
        to="/casos"
        startIcon={<ArrowBack />}
        variant="outlined"
        sx={{ alignSelf: 'start' }}
      >
        {L.volver}
      </Button>
    </Stack>
  );
}

function TabBody({
  espacio,
  tab,
  slots,
  feedback,
}: {
  espacio: WorkspaceResponse;
  tab: WorkspaceTab;
  slots: CaseWorkspaceSlots;
  feedback: ReturnType<typeof useFeedback>;
}) {
  const visible = espacio.pestanas.includes(tab);
  // Every tab's data comes from the server, which refuses it as it refuses the workspace.
  const data = useWorkspaceTab(espacio.caso.id, tab, visible);
  if (!visible) return <Alert severity="info">{MSG.noAutorizado}</Alert>;
  if (failureShown(data)) return <QueryFailed error={data.error} onRetry={data.refetch} />;
  switch (tab) {
    case 'informacion':
      return (
        <CaseDataTab espacio={espacio} data={data.data} feedback={feedback} panels={slots.panels?.(espacio.caso)} />
      );
    case 'gestionar':
      return (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Box sx={{ minWidth: 0 }}>{slots.gestionar?.(espacio.caso) ?? <TabPlaceholder tab="gestionar" />}</Box>
          <Section title={L.historial} testId="history-section">
            {data.data?.historial ? <HistoryList entries={data.data.historial} /> : <CenteredSpinner />}
          </Section>
        </Box>
      );
    case 'mapa':
      return slots.mapa?.(espacio.caso) ?? <TabPlaceholder tab="mapa" />;
    default: {
      const tipo = chatKindOfTab(tab);
      return (tipo && slots.chat?.(espacio.caso, tipo)) ?? <TabPlaceholder tab={tab} />;
    }
  }
}

/**
 * The case workspace, /gestionar-caso/{id}/{tab} (spec 2 §2): the header, the tabs this viewer
 * sees on this case, and the open tab. It follows the case live. On a phone the header is one
 * line and the tabs a bar at the bottom of the screen; a Perito or Dibujante sent to the general
 * room (where they only read files) lands in their own room.
 */
export function CaseWorkspacePage(slots: CaseWorkspaceSlots) {
  const { id = '', tab: segment } = useParams();
  const location = useLocation();
  const me = useCurrentUser();
  const tab = tabOf(segment);
  const workspace = useWorkspace(id);
  const feedback = useFeedback();
  const phone = usePhone();
  useFollowCase(id);
  const numero = workspace.data?.caso.caso;

  useEffect(() => {
    document.title = numero ? `${fmt(L.numeroCaso, { caso: numero })} · ${BRAND}` : BRAND;
    return () => {
      document.title = BRAND;
    };
  }, [numero]);

  if (!tab) return <Navigate to={tabPath(id, 'chat')} replace />;
  if (failureShown(workspace)) return <Refused error={workspace.error} />;
  if (!workspace.data) return <CenteredSpinner />;
  const espacio = workspace.data;
  const landing = landingTab(tab, me.cargo, espacio.pestanas, location.state);
  if (landing !== tab) return <Navigate to={tabPath(id, landing)} replace />;

  const header = {
    caso: espacio.caso,
    ultimaGestion: espacio.ultimaGestion,
    llegada: espacio.llegada,
    actions: (
      <>
        <CaseFileButton caseId={espacio.caso.id} />
        {slots.headerActions?.(espacio.caso)}
      </>
    ),
  };

  if (phone)
    return (
      // Room at the bottom for the bar: the last of a long tab scrolls clear of it.
      <Box data-testid="case-workspace" sx={{ minWidth: 0, pb: `${BOTTOM_NAV_HEIGHT - 8}px` }}>
        <PhoneWorkspaceHeader {...header} />
        <Box role="tabpanel" aria-label={L.pestanas[tab]} data-testid={`tabpanel-${tab}`}>
          <TabBody espacio={espacio} tab={tab} slots={slots} feedback={feedback} />
        </Box>
        <WorkspaceBottomNav
          tabs={espacio.pestanas}
          current={tab}
          pathOf={(t) => tabPath(id, t)}
          icon={slots.tabLabel && ((t, plain) => slots.tabLabel?.(espacio.caso, t, plain))}
        />
        {feedback.element}
      </Box>
    );

  return (
    <Box data-testid="case-workspace" sx={{ minWidth: 0 }}>
      <WorkspaceHeader {...header} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={espacio.pestanas.includes(tab) ? tab : false}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={L.pestanasCaso}
        >
          {espacio.pestanas.map((t) => (
            <Tab
              key={t}
              value={t}
              label={slots.tabLabel?.(espacio.caso, t, L.pestanas[t]) ?? L.pestanas[t]}
              component={RouterLink}
              to={tabPath(id, t)}
              state={CHOSEN_TAB_STATE}
              data-testid={`tab-${t}`}
              sx={{ fontWeight: 700 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-label={L.pestanas[tab]} data-testid={`tabpanel-${tab}`}>
        <TabBody espacio={espacio} tab={tab} slots={slots} feedback={feedback} />
      </Box>
      {feedback.element}
    </Box>
  );
}
