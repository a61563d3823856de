import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './lib/service-worker';
import { ClientApp } from './app/client-app';

/*
 * The driver's pages (cliente.html: /login/auth-cliente/{token} and /caso-cliente/{tab}) are their
 * own entry, apart from the staff app: no staff routes, no sign-in form, no data router, no web
 * fonts — what a phone on a weak signal loads before the entry button is ≤ 150 KB.
 * (zod, and its jitless setting, come with the case's tabs: client-case-route.tsx.)
 */

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ClientApp />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
