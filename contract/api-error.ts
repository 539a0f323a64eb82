import { z } from 'zod';

export const apiErrorSchema = z.object({ title: z.string(), msg: z.string() });

/** The error answers a call adds beyond its caller's defaults (EndpointDef.errors): each is { title, msg }. */
export function apiErrors(...statuses: number[]): Partial<Record<number, typeof apiErrorSchema>> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}
