import { z } from "@hono/zod-openapi";
import { RESUMABLE_KINDS } from "../../../jobs/resumes";

// Response shapes of modules/admin/stalled-jobs: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const count = (description: string) => z.number().int().min(0).openapi({ description });

const Kind = z.enum(RESUMABLE_KINDS).openapi({
  description:
    "tenant.move, tenant.export, tenant.delete (offboarding deletion), customer.erasure (data-subject erasure), usage.object-recount (R2 object recount)",
});

export const StalledJobKindSchema = z
  .object({
    kind: Kind,
    stalledNow: count(
      "Running jobs of this kind that saved nothing for stalledAfterSeconds, now (the cron re-sends their step; at most 100 counted, per shard for erasures)",
    ),
    jobsResumed: count("Jobs of this kind the minute cron resumed within the window (their latest resume)"),
    resumes: count("Those jobs' resumes over their lifetime"),
    lastResumedAt: z
      .string()
      .nullable()
      .openapi({ description: "The latest resume of this kind in the window" }),
  })
  .openapi("StalledJobKind");

export const StalledJobsSchema = z
  .object({
    windowHours: count("The window of jobsResumed (24)"),
    stalledAfterSeconds: count("Nothing saved for this long makes a running job stalled (300)"),
    kinds: z.array(StalledJobKindSchema),
    mostResumed: z
      .array(
        z.object({
          kind: Kind,
          jobId: z.string(),
          tenantId: z.string(),
          resumes: count(
            "Resumes of this job so far; growing: it fails the same step (see its error and the logs)",
          ),
          lastStep: z.string().openapi({ description: "The step it was resumed at, last time" }),
          lastResumedAt: z.string(),
        }),
      )
      .openapi({ description: "The most resumed jobs of the window (at most 5), most resumed first" }),
  })
  .openapi("StalledJobs", {
    description:
      "Long-running operator jobs the minute cron found stalled and resumed (job_resumes; docs/operations.md#operating-figures)",
  });
