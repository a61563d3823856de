import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import { LABELS, MSG, fmt, type ClientMe, hourText } from '@vialex/domain';
import { BrandMark } from '../../components/brand-logo';
import { OfflineBanner } from '../../components/offline-banner';
import { showToast } from '../../lib/toasts';
import { leaveCase } from './api/client-api';
import { ClientInfoTab } from './info-tab';
import { ClientLoading } from './client-loading';
import { ClientStatusCard } from './status-card';
import { isClientSessionEnded, isSessionEnded, useClientMe } from './client-queries';
import { CLIENT_CASE_PATH, noteEntryNotice, openEntryPage, takeHandOver } from './session';

const L = LABELS.cliente;
/**
 * The entry's notices show on top (at the bottom they would cover the chat's composer), in the
 * default dark toast: notistack's amber and green carry white text below 4.5:1.
 */
const TOP = { vertical: 'top', horizontal: 'center' } as const;
export const CLIENT_TABS = ['informacion', 'chat', 'mapa'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

export interface ClientCasePageProps {
  /**
   * The chat tab's room (features/case-chat, composed in app/). `phoneTop`: the height of the
   * sticky header above it (bar, tabs, status card), which the room fills the phone below.
   */
  chat: (me: ClientMe, phoneTop: number) => ReactNode;
  /** The mapa tab's map (features/case-map, composed in app/), under the same header. */
  mapa: (me: ClientMe, phoneTop: number) => ReactNode;
}

/** The bar (56 px), the tabs (48 px) and a one-line status card, until the header is measured. */
const HEADER_GUESS = 168;

/**
 * The header's height, measured, and again whenever it changes (the status card grows a line
 * when the investigator's news is longer): the chat and the map fill the phone below it.
 */
function useHeight(ref: RefObject<HTMLElement | null>, ready: boolean): number {
  const [height, setHeight] = useState(HEADER_GUESS);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const h = Math.round(el.getBoundingClientRect().height);
      if (h > 0) setHeight(h);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ready]);
  return height;
}

/**
 * Sends the client back to their entry page with why, when any of their calls finds the session
 * over (the 120 minutes after the entry, spec 3 §4), or when its time comes while on screen.
 */
function useSessionEnd(me: ClientMe | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const end = () => {
      noteEntryNotice(MSG.sesionClienteTerminada);
      queryClient.removeQueries({ queryKey: ['cliente'] });
      openEntryPage();
    };
    const off = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isClientSessionEnded(event.query.state.error)) end();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (me) {
      const left = Date.parse(me.expira) - Date.now();
      // Past its time the next call says so; ask then (timers beyond ~24 days overflow).
      if (left < 2 ** 31 - 1)
        timer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: ['cliente'] }),
          Math.max(0, left) + 1000,
        );
    }
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [me, queryClient]);
}

/**
 * The phone gets the case's notices (spec 3 §7: clientes.tokenPush), registered on the client's
 * session when the entry page has just been answered yes (it asks within the tap). Loaded only
 * now: the push code is not needed before the case. A failure leaves the client without pushes.
 */
async function registerClientPhone(): Promise<void> {
  try {
    const { ensurePushSubscription, PUSH_REGISTER_PATH } = await import('../../lib/push');
    await ensurePushSubscription(PUSH_REGISTER_PATH.cliente);
  } catch (e) {
    console.warn('push', e);
  }
}

/** The session over: the entry page of the link, loaded from the server (it says why). */
function BackToEntry() {
  useEffect(() => openEntryPage(), []);
  return <ClientLoading />;
}

/**
 * The client's case (/caso-cliente/{tab}, spec 3 §2 route table: información, chat, mapa under the
 * client's own session): the case number, the tabs, the status card with the call button, and
 * 'Salir', which ends the session and opens the entry page of their link again. Phone first: the
 * bar, the tabs and the card stay on top.
 */
export function ClientCasePage({ chat, mapa }: ClientCasePageProps) {
  const { tab = 'chat' } = useParams();
  const queryClient = useQueryClient();
  // Just entered: the entry page's session, and its notices (the address not found). The
  // assignment's outcome is the status card's, which stays.
  const [handed] = useState(takeHandOver);
  const me = useClientMe(handed?.me);
  const [leaving, setLeaving] = useState(false);
  const header = useRef<HTMLElement>(null);
  const headerHeight = useHeight(header, !!me.data);
  useSessionEnd(me.data);
  useEffect(() => {
    for (const n of handed?.notices ?? [])
      showToast(n.type, <span data-testid={n.testId}>{n.text}</span>, { anchorOrigin: TOP });
    if (handed && typeof Notification !== 'undefined' && Notification.permission === 'granted')
      void registerClientPhone();
  }, [handed]);

  if (!(CLIENT_TABS as readonly string[]).includes(tab)) return <Navigate to={`${CLIENT_CASE_PATH}/chat`} replace />;
  if (me.isError && isSessionEnded(me.error)) {
    if (isClientSessionEnded(me.error)) noteEntryNotice(MSG.sesionClienteTerminada);
    return <BackToEntry />;
  }
  if (!me.data) return <ClientLoading />;

  const leave = async () => {
    setLeaving(true);
    try {
      const res = await leaveCase();
      noteEntryNotice(res.message);
    } catch (e) {
      // Already over on the server: leaving is done either way.
      if (!isSessionEnded(e)) {
        setLeaving(false);
        showToast('cliente-salir', MSG.sinConexion, { variant: 'error' });
        return;
      }
    }
    queryClient.removeQueries({ queryKey: ['cliente'] });
    openEntryPage();
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar ref={header} position="sticky" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56 }, px: { xs: 1.5, sm: 3 } }}>
          <BrandMark size={32} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 800, lineHeight: 1.2 }} noWrap>
              {fmt(L.numeroCaso, { caso: me.data.caso })}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.85, display: 'block', lineHeight: 1.2 }} noWrap>
              {fmt(L.sesionHasta, { hora: hourText(me.data.expira) })}
            </Typography>
          </Box>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<Logout />}
            onClick={() => void leave()}
            disabled={leaving}
            data-testid="client-exit"
            sx={{ borderColor: 'rgba(255,255,255,0.6)', minHeight: 40, flexShrink: 0 }}
          >
            {leaving ? L.saliendo : L.salir}
          </Button>
        </Toolbar>
        <Tabs
          value={tab}
          variant="fullWidth"
          aria-label={L.pestanasCaso}
          textColor="inherit"
          slotProps={{ indicator: { sx: { bgcolor: 'secondary.main', height: 3 } } }}
          sx={{ bgcolor: 'primary.main', minHeight: 48 }}
        >
          {CLIENT_TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              label={L.pestanas[t]}
              component={Link}
              to={`${CLIENT_CASE_PATH}/${t}`}
              replace
              data-testid={`client-tab-${t}`}
              sx={{ fontWeight: 700, minHeight: 48 }}
            />
          ))}
        </Tabs>
        {/* Without a signal the chat keeps what is written and sends it later: said so, not an error. */}
        <OfflineBanner message={MSG.sinConexionCliente} severity="warning" testId="client-offline" />
        <ClientStatusCard />
      </AppBar>
      <Box
        component="main"
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 960,
          mx: 'auto',
          // The room fills a phone edge to edge; the map spreads over the side margins itself (as
          // in the staff workspace), so it keeps them.
          p: tab === 'chat' ? { xs: 0, sm: 2 } : tab === 'mapa' ? { xs: '0 16px', sm: 2 } : 2,
          overflowX: 'hidden',
        }}
      >
        {tab === 'informacion' && <ClientInfoTab />}
        {tab === 'chat' && chat(me.data, headerHeight)}
        {tab === 'mapa' && mapa(me.data, headerHeight)}
      </Box>
    </Box>
  );
}

export default ClientCasePage;
