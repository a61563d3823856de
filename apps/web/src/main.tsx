import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/zod-jitless';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { App } from './app/app';

captureInstallPrompt();
// The sign-in screen is a lazy chunk the router asks for only once the session check answered;
// asking for it now loads both at once on the first screen of most visits.
if (window.location.pathname === '/login') void import('./features/auth/login-page');

// A transition lets React render the first screen in slices between which the browser can
// answer the user (and paint), instead of one long task on a slow phone.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Development has no built worker; registering one there would cache stale modules.
if (import.meta.env.PROD) registerServiceWorker();
