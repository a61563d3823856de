import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { TITLES } from '@vialex/domain';
import { EXTRA_TITLES } from '../lib/texts';
import { CenteredSpinner } from '../components/centered-spinner';
import { PublicOnly, RequireStaff } from './guards';
import { RouteError } from './route-error';

// Every area is its own chunk so /login stays under the 250 KB budget (DESIGN.md).
const LoginPage = lazy(() => import('../features/auth/login-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const StaffShell = lazy(() => import('./staff-shell'));
const ClientsPage = lazy(() => import('../features/clients/clients-page'));
const UsersPage = lazy(() => import('../features/users/users-page'));
const UserStatusPage = lazy(() => import('../features/user-status/user-status-page'));
const CasesPage = lazy(() => import('../features/cases/cases-page'));
const ArchivedCasesPage = lazy(() => import('../features/cases/archived-cases-page'));
const CaseWorkspaceRoute = lazy(() => import('./case-workspace-route'));
const ExportsPage = lazy(() => import('../features/exports/exports-page'));
const VehiclesPage = lazy(() => import('../features/catalogues/vehicles-page'));
const CompaniesPage = lazy(() => import('../features/catalogues/companies-page'));
const StatusesPage = lazy(() => import('../features/catalogues/statuses-page'));
const AreasPage = lazy(() => import('../features/catalogues/areas-page'));
// Consultas y Reportes, the dashboard and a user's statistics: recharts stays in their chunks.
const ReportsPage = lazy(() => import('../features/reports/reports-page'));
const DashboardPage = lazy(() => import('../features/reports/dashboard-page'));
const StatisticsPage = lazy(() => import('../features/reports/statistics-page'));
const PlaceholderPage = lazy(() =>
  import('../features/placeholders/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);

/**
 * Staff screens of later issues. Each is already a lazy route; the issue that builds a screen
 * replaces its element with `lazy(() => import('../features/<area>/<screen>-page'))`.
 */
const STAFF_SCREENS: { path: string; title: string; page?: ComponentType }[] = [
  { path: 'clientes', title: TITLES.clientes, page: ClientsPage },
  { path: 'usuarios', title: TITLES.usuarios, page: UsersPage },
  { path: 'estado-usuarios', title: TITLES.estadoUsuarios, page: UserStatusPage },
  { path: 'estadistica/:id?', title: TITLES.estadistica, page: StatisticsPage },
  { path: 'casos', title: TITLES.casos, page: CasesPage },
  { path: 'casos-archivados', title: TITLES.casosArchivados, page: ArchivedCasesPage },
  { path: 'vehiculos', title: TITLES.vehiculos, page: VehiclesPage },
  { path: 'empresas', title: TITLES.empresas, page: CompaniesPage },
  { path: 'gestiones', title: TITLES.gestiones, page: StatusesPage },
  { path: 'areas', title: TITLES.areas, page: AreasPage },
  { path: 'exportaciones', title: TITLES.exportaciones, page: ExportsPage },
  { path: 'consultas', title: TITLES.consultas, page: ReportsPage },
  { path: 'dashboard', title: TITLES.dashboard, page: DashboardPage },
  { path: 'typography', title: EXTRA_TITLES.tipografia },
  { path: 'tables', title: EXTRA_TITLES.tablas },
  { path: 'notifications', title: EXTRA_TITLES.notificaciones },
  { path: 'icons', title: EXTRA_TITLES.iconos },
  { path: 'charts', title: EXTRA_TITLES.graficos },
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
              ...STAFF_SCREENS.map(({ path, title, page: Page }) => ({
                path,
                element: Page ? <Page /> : <PlaceholderPage title={title} />,
              })),
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
