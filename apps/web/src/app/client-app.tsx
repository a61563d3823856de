import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ClientEntryPage } from '../features/client-entry/entry-page';
import { ClientLoading } from '../features/client-entry/client-loading';
import { entryPath } from '../features/client-entry/session';
import { ErrorBoundary } from './error-screen';
import { ThemeRoot } from './theme-root';

// Their case's tabs come after the entry: the chat room and the map are not loaded before.
const ClientCaseRoute = lazy(() => import('./client-case-route'));

/**
 * The driver's app (cliente.html): the entry page of the SMS link and their case. The declarative
 * router is enough for two routes and is a fraction of the data router the staff app uses. While the
 * case's tabs load, the brand and 'Cargando su caso…' (as cliente.html's first paint).
 */
export function ClientApp() {
  return (
    <ThemeRoot>
      <ErrorBoundary>
        <BrowserRouter>
          <Suspense fallback={<ClientLoading />}>
            <Routes>
              <Route path="/login/auth-cliente/:id?" element={<ClientEntryPage />} />
              <Route path="/caso-cliente/:tab?" element={<ClientCaseRoute />} />
              <Route path="*" element={<Navigate to={entryPath()} replace />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ErrorBoundary>
    </ThemeRoot>
  );
}
