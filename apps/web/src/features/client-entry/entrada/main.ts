import { startEntry, tokenOf } from './entry-script';

/*
 * The entry page's only script (entrada.html; built on its own by vite.config.ts clientApp()): no
 * React, no MUI. The case's React app (cliente.html) loads after the tap, on /caso-cliente.
 */
startEntry({
  doc: document,
  nav: navigator,
  token: tokenOf(window.location.pathname),
  go: (path) => window.location.replace(path),
});
