import { dialogEndpoints } from './dialogs.ts';
import { mediaEndpoints } from './media.ts';
import { pageEndpoints } from './pages.ts';
import { sharingEndpoints } from './sharing.ts';
import { trainingEndpoints } from './training.ts';

/**
 * Every call of the API, by name (contract/endpoint.ts). Each area keeps its part in a file of this
 * folder; this is the one table server and web use.
 */
export const endpoints = {
  ...sharingEndpoints,
  ...dialogEndpoints,
  ...trainingEndpoints,
  ...mediaEndpoints,
  ...pageEndpoints,
};

export type EndpointName = keyof typeof endpoints;
