import { z } from 'zod';

/** What the browser may know of an upstream app: never its keys. */
export const appSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  appId: z.string(),
});
export type AppSummary = z.infer<typeof appSummarySchema>;

export const appsResponseSchema = z.object({ apps: z.array(appSummarySchema) });

/**
 * Areas an upstream app may offer (the spec's three documents), and Switchboard's own additions:
 * schemaWrite, creating and changing classes (a LeanCloud app has no such API).
 */
export const CAPABILITIES = ['storage', 'push', 'im', 'schemaWrite'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const capabilitiesResponseSchema = z.object({
  app: z.string(),
  /** False when the app could not be reached just now; the areas are then what was configured or last known. */
  reachable: z.boolean(),
  areas: z.record(z.enum(CAPABILITIES), z.boolean()),
  /** Where the answer came from: the apps file, or asking the app. */
  source: z.enum(['config', 'probe']),
});
export type CapabilitiesResponse = z.infer<typeof capabilitiesResponseSchema>;

/** Whether an app answers now, and how fast: the console's settings page shows it. */
export const appHealthResponseSchema = z.object({
  app: z.string(),
  reachable: z.boolean(),
  /** Round trip of one GET /1.1/date, when it answered. */
  latencyMs: z.number().nullable(),
  /** The app's clock (GET /1.1/date), to spot a clock far off the console's. */
  serverTime: z.string().nullable(),
  checkedAt: z.string(),
  /** Why it is not reachable, in words. */
  message: z.string().optional(),
});
export type AppHealthResponse = z.infer<typeof appHealthResponseSchema>;
