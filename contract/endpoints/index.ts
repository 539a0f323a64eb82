import { analyticsEndpoints } from './analytics.ts';
import { managerEndpoints } from './managers.ts';
import { sharingEndpoints } from './sharing.ts';

/**
 * Every call of the API, by name (contract/endpoint.ts). Each area keeps its part in a file of this
 * folder; this is the one table server and web use.
 */
export const endpoints = {
  ...sharingEndpoints,
  ...managerEndpoints,
  ...analyticsEndpoints,
};

export type EndpointName = keyof typeof endpoints;
