import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { PublicOnly, RequireStaff } from './guards';
import { RouteError } from './route-error';

// Every area is its own chunk so /login stays under the 250 KB budget (docs/ARCHITECTURE.md).
const LoginPage = lazy(() => import('../features/auth/login-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const StaffShell = lazy(() => import('./staff-shell'));
const ClientsPage = lazy(() => import('./clients-route'));
const UsersPage = lazy(() => import('../features/users/users-page'));
const UserStatusPage = lazy(() => import('../features/user-status/user-status-page'));
const CasesPage = lazy(() => import('./cases-route'));
const ArchivedCasesPage = lazy(() => import('./cases-route').then((m) => ({ default: m.ArchivedCasesRoute })));
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
const AuditPage = lazy(() => import('../features/audit/audit-page'));
// Mi perfil: one's photo and verification in two steps, for every staff cargo.
const ProfilePage = lazy(() => import('./profile-route'));

/**
 * The staff screens, each a lazy route. The demo template's pages of the original (typography,
 * tables, notifications, icons, charts) are not part of Vialex: only its dashboard is, with real
 * figures (D16); their paths are the not-found page.
 */
const STAFF_SCREENS: { path: string; page: ComponentType }[] = [
  { path: 'clientes', page: ClientsPage },
  { path: 'usuarios', page: UsersPage },
  { path: 'estado-usuarios', page: UserStatusPage },
  { path: 'estadistica/:id?', page: StatisticsPage },
  { path: 'casos', page: CasesPage },
  { path: 'casos-archivados', page: ArchivedCasesPage },
  { path: 'vehiculos', page: VehiclesPage },
  { path: 'empresas', page: CompaniesPage },
  { path: 'gestiones', page: StatusesPage },
  { path: 'areas', page: AreasPage },
  { path: 'exportaciones', page: ExportsPage },
  { path: 'consultas', page: ReportsPage },
  { path: 'dashboard', page: DashboardPage },
  { path: 'auditoria', page: AuditPage },
  { path: 'mi-perfil', page: ProfilePage },
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
