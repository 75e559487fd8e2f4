import type { TenantContext } from "../../../../db/tenant-context";
import { eachLimited } from "../../../../lib/limited";
import { yieldEvery } from "../../../../lib/yield";
import { SCREEN_CONCURRENCY } from "../../domain/drain";
import { mayBeLate } from "../../domain/late-history";
import {
  type Entity,
  type Evaluated,
  evaluateEntity,
  type Screening,
  type ScreenOptions,
  settleOne,
} from "../service";
import { settleEpisodes } from "./episodes";
import { rejudgeLateHistory } from "./late-history";
import { settlePage } from "./page";
import { type PointPreloads, preloadsOf } from "./preload";
import { raiseBySubject } from "./subject-score";

type LateSpan = { eventsFrom?: string | null };

/**
 * One entity evaluated at each of its as-of points (event time), keeping the one that raises
 * the highest risk score: one alert per screening, judged in the window its episode happened in.
 * Without points (no page preload) it is judged as of now.
 */
async function strongestPoint(
  ctx: TenantContext,
  entity: Entity,
  options: ScreenOptions,
  pre: PointPreloads | null,
): Promise<Evaluated> {
  const preloads = pre ? preloadsOf(pre, entity) : [];
  if (preloads.length === 0) return evaluateEntity(ctx, entity, options);
  let best: Evaluated | null = null;
  for (const preload of preloads) {
    const e = await evaluateEntity(ctx, entity, options, preload);
    // Raised first, then held back by the budget (its subject may still raise it), then quiet.
    const score = (x: Evaluated) => x.base.risk?.score ?? 0;
    const raised = (x: Evaluated) => (x.fraud || x.aml ? score(x) : x.held ? score(x) - 1000 : -2000);
    if (!best || raised(e) > raised(best)) best = e;
  }
  return best!;
}

/**
 * Entities evaluated between two yields to the event loop (docs/decisions/faults.md#slices-that-yield):
 * with the page preloaded an evaluation does no I/O, so without them a page of 25 was one block of
 * 0.4-0.5 s; one yield per entity cost ~0.2 ms of CPU per screening.
 */
export const ENTITIES_PER_SLICE = 4;

/**
 * The default screening of a page: each entity evaluated (a few at a time, on the page's
 * preload), then the page's cases settled together (steps/page.ts). If that fails as a whole,
 * each entity settles its own cases (settleOne), so one bad entity fails (and backs off) alone.
 */
export async function settleTogether<E extends Entity>(
  ctx: TenantContext,
  claimed: E[],
  options: ScreenOptions,
  pre: PointPreloads | null,
  done: Array<{ entity: E; s: Screening }>,
  fail: (entity: E, err: unknown) => Promise<void>,
) {
  const evaluated: Array<{ entity: E; e: Evaluated }> = [];
  const tick = yieldEvery(ENTITIES_PER_SLICE);
  await eachLimited(claimed, SCREEN_CONCURRENCY, async (entity) => {
    await tick();
    try {
      evaluated.push({ entity, e: await strongestPoint(ctx, entity, options, pre) });
    } catch (err) {
      await fail(entity, err);
    }
  });
  // The budget per subject: a customer's and its accounts' held screenings may raise together.
  await raiseBySubject(ctx, evaluated).catch((err) =>
    console.error(JSON.stringify({ msg: "monitoring subject score failed", error: String(err) })),
  );
  // Open alerts judged on part of the history that arrived since are judged again with it and
  // withdrawn when they no longer fire (late history). If that fails, the page's late entities
  // fail (and back off): their pending rows are the only record that they must be judged again.
  const withdrawn = await rejudgeLateHistory(ctx, evaluated, options).catch(async (err) => {
    const now = ctx.clock.now();
    const late = evaluated.filter(({ entity }) => mayBeLate(entity as LateSpan, now));
    for (const { entity } of late) await fail(entity, err);
    evaluated.splice(0, evaluated.length, ...evaluated.filter((x) => !late.includes(x)));
    return new Set<string>();
  });
  // A hit on an episode already alerted extends that alert instead (one alert per episode). If
  // that read fails, the page's hits fail (and back off) rather than raise an episode twice.
  const checked = await settleEpisodes(ctx, evaluated, withdrawn).then(
    () => true,
    async (err) => {
      for (const { entity, e } of [...evaluated]) if (e.fraud || e.aml) await fail(entity, err);
      return false;
    },
  );
  if (!checked) evaluated.splice(0, evaluated.length, ...evaluated.filter(({ e }) => !e.fraud && !e.aml));
  const settled = await settlePage(
    ctx,
    evaluated.map((x) => x.e),
    true,
  ).catch((err) => {
    console.error(JSON.stringify({ msg: "monitoring page case work failed", error: String(err) }));
    return null;
  });
  if (settled) {
    for (const [i, s] of settled.entries()) {
      if (s instanceof Error) await fail(evaluated[i].entity, s);
      else done.push({ entity: evaluated[i].entity, s });
    }
    return;
  }
  await eachLimited(evaluated, SCREEN_CONCURRENCY, async ({ entity, e }) => {
    try {
      done.push({ entity, s: await settleOne(ctx, e) });
    } catch (err) {
      await fail(entity, err);
    }
  });
}
