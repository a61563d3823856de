/** Everything the specs share: the fixtures (a server per worker, sessions, contexts), UI steps, test routes. */
export { test, expect, signOut, PASSWORD, DEMO, CONTEXT_OPTIONS } from './fixtures';
export * from './ui';
export * from './api';
export { WITH_TRAY } from './browser';
