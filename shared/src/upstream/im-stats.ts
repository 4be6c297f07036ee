import { z } from 'zod';

/** GET /1.1/switchboard/im/stats?days=1..90: the console's messaging overview. */
export const IM_STATS_MAX_DAYS = 90;

export const imStatsSchema = z.object({
  result: z.object({
    onlineNow: z.number().int(),
    usersToday: z.number().int(),
    /** Days are UTC days. */
    timeZone: z.string(),
    /** Oldest first, ending today. */
    days: z.array(z.object({ day: z.string(), users: z.number().int(), messages: z.number().int() })),
    bucketMinutes: z.number().int(),
    /** The peak of each bucket of the last 24 hours that has a sample, oldest first. */
    online: z.array(z.object({ at: z.string(), count: z.number().int() })),
  }),
});
export type ImStats = z.infer<typeof imStatsSchema>['result'];
