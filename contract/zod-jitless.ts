import { z } from 'zod';

// Zod probes `new Function` for its JIT parser; the Content-Security-Policy forbids eval, so every page
// reported a violation. Imported first by both web entries (the respondent entry without the locale).
z.config({ jitless: true });
