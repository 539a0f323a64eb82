import { config } from 'zod/v4/core';

// Zod probes `new Function` for its JIT parser; the Content-Security-Policy forbids eval, so every page
// reported a violation. Imported first by the server (through zod-setup.ts); in the author app it sits
// in zod's own chunk (vite.config.ts), which runs before any chunk with schemas, and the login, the
// dashboard and the respondent entry have no zod at all. From zod's core, not `z`: no schema code
// comes with it.
config({ jitless: true });
