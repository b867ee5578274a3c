import { z } from 'zod';

const num = z.union([z.number(), z.string()]);

export const insightReportSchema = z
  .object({
    points: z.number().optional(),
    data: z.record(num),
    summaries: z.record(z.union([z.number(), z.string(), z.null()])).optional(),
    started_tracking: z.string().optional(),
  })
  .passthrough();

/** Items of insights and today are "not shown": accept any value. */
export const insightListSchema = z
  .object({
    name: z.string().optional(),
    id: z.union([z.string(), z.number()]).optional(),
    insights: z.array(z.unknown()),
    today: z.array(z.unknown()).optional(),
    has_custom: z.boolean().optional(),
  })
  .passthrough();

export type InsightReport = z.infer<typeof insightReportSchema>;
export type InsightList = z.infer<typeof insightListSchema>;
