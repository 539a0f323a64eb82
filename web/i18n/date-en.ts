import { enUS } from 'date-fns/locale/en-US';
import { addDateLocale } from './date.ts';

// Imported for its effect, with the English texts (index.ts): German pages never download the locale.
addDateLocale('en', enUS);
