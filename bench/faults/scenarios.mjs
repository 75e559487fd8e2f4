// The scenarios of bench/faults.mjs (issue 36 item 3). Each has its own tenant and client:
//   setup(ctx)    creates what it needs before the load;
//   load(ctx)     the work the kill lands in, sent by the at-least-once client; it goes on after
//                 the restart (ctx.restarted) until a few more requests were answered;
//   midWork(ctx)  true once the work is under way (the kill waits for it, 3 minutes at most);
//   settle(ctx)   waits until its queues drain and answers { lost, doubled, drained, chains,
//                 deadLetters, note }.
// ctx: { svc, admin (the operator's client), state: {} of the scenario, restarted: bool }.
import { screening } from "./screening.mjs";
import { writes } from "./writes.mjs";

/** In the order they run: each scenario's tenant, work, kill and checks (screening.mjs, writes.mjs). */
export const scenarios = {
  ingest: writes.ingest,
  arrival: screening.arrival,
  portfolio: screening.portfolio,
  webhooks: screening.webhooks,
  cases: writes.cases,
  move: writes.move,
};
