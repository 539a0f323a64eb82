import { z } from 'zod';
import { apiErrorSchema } from '../api-error.ts';
import { endpoint } from '../endpoint.ts';
import { pageParams, pageResponse } from '../pages.ts';

/** The public info pages and the health check. */
export const pageEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/api/pages/:name',
    caller: 'public',
    tags: ['pages'],
    summary: 'An info page (impressum, impressum_tatort, bi, datenschutz, agb)',
    params: pageParams,
    response: pageResponse,
    errors: { 404: apiErrorSchema },
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    caller: 'public',
    tags: ['system'],
    summary: 'Liveness and database reachability; 503 server_busy while the database cannot answer',
    response: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
    errors: { 503: apiErrorSchema },
  }),
};
