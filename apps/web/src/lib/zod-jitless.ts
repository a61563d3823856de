import { z } from 'zod';

// zod compiles object schemas with `new Function` when it may; it finds out by trying, which the
// Content-Security-Policy (no 'unsafe-eval') reports as a violation. The browser does not need it.
// Imported for this effect by each app before any schema is parsed.
z.config({ jitless: true });
