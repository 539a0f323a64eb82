import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { analyticsEndpoints } from './analytics.ts';
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { chatEndpoints } from './chat.ts';
import { llmEndpoints } from './llm.ts';
import { managerEndpoints } from './managers.ts';
import { multichatEndpoints } from './multichat.ts';
import { retentionEndpoints } from './retention.ts';
import { sharingEndpoints } from './sharing.ts';

/**
 * Every call of the API, by name (contract/endpoint.ts). Each area keeps its part in a file of this
 * folder; this is the one table server and web use.
 */
export const endpoints = {
  ...authEndpoints,
  ...accountEndpoints,
  ...adminEndpoints,
  ...sharingEndpoints,
  ...chatEndpoints,
  ...multichatEndpoints,
  ...llmEndpoints,
  ...managerEndpoints,
  ...analyticsEndpoints,
  ...auditEndpoints,
  ...retentionEndpoints,
};

export type EndpointName = keyof typeof endpoints;
