import './zod-jitless.ts';
import { config } from 'zod/v4/core';
import de from 'zod/v4/locales/de.js';

// Validation messages in German: the author interface is German (SPEC §1). Only the German locale is
// imported (`z.locales` would bring every language into the author app's first download).
config(de());
