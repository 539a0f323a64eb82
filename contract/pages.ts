import { z } from 'zod';

/** The public info pages of SPEC §2, served by GET /api/pages/:name. */
export const PAGE_NAMES = ['impressum', 'impressum_tatort', 'bi', 'datenschutz', 'agb'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export function isPageName(name: string): name is PageName {
  return (PAGE_NAMES as readonly string[]).includes(name);
}

// Any string: an unknown name is a 404, not a validation error.
export const pageParams = z.object({ name: z.string() });

export const pageResponse = z.object({
  name: z.enum(PAGE_NAMES),
  title: z.string().describe("The text of the page's first line '# Title'"),
  markdown: z.string().describe('The page below the title line, as Markdown'),
});

export type PageResponse = z.infer<typeof pageResponse>;
