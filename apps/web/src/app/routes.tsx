import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { PublicOnly, RequireStaff } from './guards';
import { RouteError } from './route-error';

// Every area is its own chunk so /login stays under the 250 KB budget (docs/ARCHITECTURE.md).
const CHUNKS = {
  login: () => import('../features/auth/login-page'),
  shell: () => import('./staff-shell'),
  clientes: () => import('./clients-route'),
  usuarios: () => import('../features/users/users-page'),
  'estado-usuarios': () => import('../features/user-status/user-status-page'),
  casos: () => import('./cases-route'),
  'casos-archivados': () => import('./cases-route'),
  'gestionar-caso': () => import('./case-workspace-route'),
  exportaciones: () => import('../features/exports/exports-page'),
  vehiculos: () => import('../features/catalogues/vehicles-page'),
  empresas: () => import('../features/catalogues/companies-page'),
  gestiones: () => import('../features/catalogues/statuses-page'),
  areas: () => import('../features/catalogues/areas-page'),
  // Consultas y Reportes, the dashboard and a user's statistics: recharts stays in their chunks.
  consultas: () => import('../features/reports/reports-page'),
  dashboard: () => import('../features/reports/dashboard-page'),
  estadistica: () => import('../features/reports/statistics-page'),
  auditoria: () => import('../features/audit/audit-page'),
  // Mi perfil: one's photo and verification in two steps, for every staff cargo.
  'mi-perfil': () => import('./profile-route'),
};
const LoginPage = lazy(CHUNKS.login);
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const StaffShell = lazy(CHUNKS.shell);
const ArchivedCasesPage = lazy(() => CHUNKS['casos-archivados']().then((m) => ({ default: m.ArchivedCasesRoute })));
const CaseWorkspaceRoute = lazy(CHUNKS['gestionar-caso']);

/**
 * Asks for the chunks the first screen at `pathname` will render, at once: the router would ask
 * for each only once the one before it ran (the session check, then the shell, then the screen),
 * three round trips in a row on a phone's weak signal instead of one. A path of no screen asks
 * for nothing; a signed-out visitor's shell chunks are fetched for nothing, and kept for later.
 */
export function preloadFirstScreen(pathname: string): void {
  if (pathname === '/login') {
    void CHUNKS.login();
    return;
  }
  const segment = pathname.split('/')[1] || 'clientes';
  if (!Object.hasOwn(CHUNKS, segment) || segment === 'login' || segment === 'shell') return;
  void CHUNKS.shell();
  void CHUNKS[segment as keyof typeof CHUNKS]();
}

/**
 * The staff screens, each a lazy route. The demo template's pages of the original (typography,
 * tables, notifications, icons, charts) are not part of Vialex: only its dashboard is, with real
 * figures (D16); their paths are the not-found page.
 */
const STAFF_SCREENS: { path: string; page: ComponentType }[] = [
  { path: 'clientes', page: lazy(CHUNKS.clientes) },
  { path: 'usuarios', page: lazy(CHUNKS.usuarios) },
  { path: 'estado-usuarios', page: lazy(CHUNKS['estado-usuarios']) },
  { path: 'estadistica/:id?', page: lazy(CHUNKS.estadistica) },
  { path: 'casos', page: lazy(CHUNKS.casos) },
  { path: 'casos-archivados', page: ArchivedCasesPage },
  { path: 'vehiculos', page: lazy(CHUNKS.vehiculos) },
  { path: 'empresas', page: lazy(CHUNKS.empresas) },
  { path: 'gestiones', page: lazy(CHUNKS.gestiones) },
  { path: 'areas', page: lazy(CHUNKS.areas) },
  { path: 'exportaciones', page: lazy(CHUNKS.exportaciones) },
  { path: 'consultas', page: lazy(CHUNKS.consultas) },
  { path: 'dashboard', page: lazy(CHUNKS.dashboard) },
  { path: 'auditoria', page: lazy(CHUNKS.auditoria) },
  { path: 'mi-perfil', page: lazy(CHUNKS['mi-perfil']) },
];

function Root() {
  return (
    <Suspense fallback={<CenteredSpinner fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      // The driver's pages (/login/auth-cliente, /caso-cliente) are cliente.html's app (client-app.tsx).
      {
        path: '/',
        element: <RequireStaff />,
        children: [
          {
            element: <StaffShell />,
            children: [
              { index: true, element: <Navigate to="/clientes" replace /> },
              ...STAFF_SCREENS.map(({ path, page: Page }) => ({ path, element: <Page /> })),
              // The case workspace (spec 2 §2); the client's own entry is a later issue.
              { path: 'gestionar-caso/:id/:tab?', element: <CaseWorkspaceRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
