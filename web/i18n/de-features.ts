import { accountDe, adminDe } from './account.de.ts';
import { analyticsDe } from './analytics.de.ts';
import { apiKeysDe } from './api-keys.de.ts';
import { auditDe } from './audit.de.ts';
import { configuratorDe } from './configurator.de.ts';
import { managersDe } from './managers.de.ts';
import { panelDe } from './panel.de.ts';
import { quotasDe } from './quotas.de.ts';
import { trainingDe } from './training.de.ts';
import { versionsDe } from './versions.de.ts';
import { webhooksDe } from './webhooks.de.ts';

/**
 * The German texts of the screens beyond the dashboard and the login (configurator, training, share,
 * analysis, account, admin, audit log, dialog managers): not in the app's entry, registered before any
 * of those screens renders (feature-texts.ts).
 */
export const deFeatures = {
  configurator: configuratorDe,
  account: accountDe,
  apiKeys: apiKeysDe,
  webhooks: webhooksDe,
  quotas: quotasDe,
  audit: auditDe,
  panel: panelDe,
  admin: adminDe,
  training: trainingDe,
  analytics: analyticsDe,
  managers: managersDe,
  versions: versionsDe,
};
