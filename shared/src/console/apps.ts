import { z } from 'zod';

/** What the browser may know of an upstream app: never its keys. */
export const appSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  appId: z.string(),
});
export type AppSummary = z.infer<typeof appSummarySchema>;

export const appsResponseSchema = z.object({ apps: z.array(appSummarySchema) });
