import { endpoint } from '../endpoint.ts';
import {
  createQuotaRequest,
  deleteQuotaRequest,
  deleteQuotaResponse,
  quotaResponse,
  quotasRequest,
  quotasResponse,
  updateQuotaRequest,
} from '../quotas.ts';

const tags = ['quotas'];

/** A dialog's quotas (issue 22): conditions, limit, the end when full, and each quota's fill. */
export const quotaEndpoints = {
  quotas: endpoint({
    method: 'POST',
    path: '/api/list_quotas',
    caller: 'author',
    dialog: 'view',
    keyScope: 'read',
    tags,
    summary: "A dialog's quotas with their fill (finished live chats counted / limit)",
    body: quotasRequest,
    response: quotasResponse,
  }),
  createQuota: endpoint({
    method: 'POST',
    path: '/api/create_quota',
    caller: 'author',
    dialog: 'configure',
    keyScope: 'manage',
    tags,
    summary: 'Add a quota: conditions on choice blocks or hidden fields (all must hold), a limit, an end',
    description:
      'A finished live chat that meets every condition counts while the quota has room; a respondent whose ' +
      'answers meet the conditions of a full quota is led to its end block (null: the dialog ending) at once.',
    body: createQuotaRequest,
    response: quotaResponse,
  }),
  updateQuota: endpoint({
    method: 'POST',
    path: '/api/update_quota',
    caller: 'author',
    dialog: 'configure',
    keyScope: 'manage',
    tags,
    summary: "Change a quota's name, conditions, limit or end; chats counted so far stay counted",
    body: updateQuotaRequest,
    response: quotaResponse,
  }),
  deleteQuota: endpoint({
    method: 'POST',
    path: '/api/delete_quota',
    caller: 'author',
    dialog: 'configure',
    keyScope: 'manage',
    tags,
    summary: 'Remove a quota and its count',
    body: deleteQuotaRequest,
    response: deleteQuotaResponse,
  }),
};
