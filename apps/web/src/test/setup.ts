import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { config as transitions } from 'react-transition-group';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());

// MUI's dialogs, menus and popovers enter and leave through react-transition-group, each on a
// real-time timer (225–300 ms). Disabled, they jump to their end state at once: a test that waits
// for a dialog to close waits for React, not for a clock.
transitions.disabled = true;

// findBy…/waitFor give up after 1 s by default: on a busy machine a render can take longer. They
// still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });
