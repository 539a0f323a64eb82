import { config } from 'zod/v4/core';

// Zod probes `new Function` for its JIT parser; the Content-Security-Policy forbids eval, so every page
// reported a violation. Imported first by the server and the author app (through zod-setup.ts); the
// respondent entry has no zod at all. From zod's core, not `z`: no schema code comes with it.
config({ jitless: true });
