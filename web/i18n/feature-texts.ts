// The instance index.ts set up, which the entry has run before any screen loads. Not index.ts itself:
// this chunk then reaches the app's shared modules, and the bundler splits them into more chunks.
import i18next from 'i18next';
import { deFeatures } from './de-features.ts';

// Imported for its effect: the screens' loaders (web/screens.tsx) wait for this module, so the texts
// are there before a screen renders. Merged into the German texts the entry registered (index.ts).
i18next.addResourceBundle('de', 'translation', deFeatures, true, true);
