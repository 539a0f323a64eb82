import { deCore } from './de-core.ts';
import { deFeatures } from './de-features.ts';

/**
 * Every German author UI string: the entry's (de-core.ts) and those the other screens register when they
 * load (de-features.ts, feature-texts.ts). The types, the tests and the English texts read this object.
 */
export const de = {
  ...deCore,
  ...deFeatures,
  managers: { ...deCore.managers, ...deFeatures.managers },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Translation = Strings<typeof de>;
