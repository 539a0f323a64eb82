import './zod-jitless.ts';
import { z } from 'zod';

// Validation messages in German: the author interface is German (SPEC §1).
z.config(z.locales.de());
