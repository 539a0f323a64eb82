import { z } from 'zod';

export const apiErrorSchema = z.object({ title: z.string(), msg: z.string() });
