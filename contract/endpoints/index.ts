import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { analyticsEndpoints } from './analytics.ts';
import { apiKeyEndpoints } from './api-keys.ts';
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { chatEndpoints } from './chat.ts';
import { dialogEndpoints } from './dialogs.ts';
import { hiddenFieldEndpoints } from './hidden-fields.ts';
import { llmEndpoints } from './llm.ts';
import { managerEndpoints } from './managers.ts';
import { mediaEndpoints } from './media.ts';
import { multichatEndpoints } from './multichat.ts';
import { pageEndpoints } from './pages.ts';
import { quotaEndpoints } from './quotas.ts';
import { retentionEndpoints } from './retention.ts';
import { sharingEndpoints } from './sharing.ts';
import { trainingEndpoints } from './training.ts';
import { versionEndpoints } from './versions.ts';
import { webhookEndpoints } from './webhooks.ts';

/**
 * Every call of the API, by name (contract/endpoint.ts). Each area keeps its part in a file of this
 * folder; this is the one table server and web use.
 */
export const endpoints = {
  ...authEndpoints,
  ...accountEndpoints,
  ...adminEndpoints,
  ...sharingEndpoints,
  ...dialogEndpoints,
  ...trainingEndpoints,
  ...mediaEndpoints,
  ...pageEndpoints,
  ...chatEndpoints,
  ...multichatEndpoints,
  ...llmEndpoints,
  ...managerEndpoints,
  ...analyticsEndpoints,
  ...apiKeyEndpoints,
  ...webhookEndpoints,
  ...hiddenFieldEndpoints,
  ...auditEndpoints,
  ...retentionEndpoints,
  ...quotaEndpoints,
  ...versionEndpoints,
};

export type EndpointName = keyof typeof endpoints;
