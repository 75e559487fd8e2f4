import { describe, expect, it } from "vitest";
import {
  type RunIo,
  runStep,
  type SteppedJob,
  type SteppedRun,
  saveAndSend,
  stepAction,
} from "./stepped-run";

interface Doc extends SteppedRun {
  units: number;
  target: number;
}
const AT = new Date("2026-11-24T10:00:00Z");
const ctx = { clock: { now: () => AT } };

/** A store and queue in memory; `failSends` makes that many next sends throw. */
function memory() {
  const docs = new Map<string, Doc>();
  const sent: number[] = [];
  const state = { failSends: 0 };
  const io: RunIo<Doc> = {
    load: async (tenantId, id) => {
      const doc = docs.get(`${tenantId}/${id}`);
      return doc && structuredClone(doc);
    },
    put: async (tenantId, doc) => docs.set(`${tenantId}/${doc.backtestId}`, structuredClone(doc)),
    send: async (_tenantId, doc) => {
      if (state.failSends > 0) {
        state.failSends--;
        throw new Error("queue unavailable");
      }
      sent.push(doc.step);
    },
  };
  return { io, sent, state, doc: () => docs.get("t1/r1") as Doc };
}

class InputError extends Error {}
/** One unit of work per step until `target`; `units` is what a double count would inflate. */
const counting = (over: Partial<SteppedJob<Doc, typeof ctx>> = {}): SteppedJob<Doc, typeof ctx> => ({
  context: async () => ctx,
  advance: async (_ctx, doc) => {
    doc.units++;
  },
  done: (doc) => doc.units >= doc.target,
  finish: (c, doc) => {
    doc.status = "succeeded";
    doc.completedAt = c.clock.now().toISOString();
  },
  failsRun: (error): error is Error => error instanceof InputError,
  ...over,
});

const newRun = (target: number): Doc => ({
  backtestId: "r1",
  status: "queued",
  completedAt: null,
  error: null,
  step: 0,
  sent: false,
  units: 0,
  target,
});
const message = (step: number) => ({ tenantId: "t1", backtestId: "r1", step });

describe("stepAction", () => {
  const run = (over: Partial<SteppedRun>) => ({ status: "running" as const, step: 3, sent: true, ...over });

  it("runs the document's step, and ignores older, newer and finished ones", () => {
    expect(stepAction(run({}), 3)).toBe("run");
    expect(stepAction(run({}), 2)).toBe("ignore");
    expect(stepAction(run({}), 1)).toBe("ignore");
    expect(stepAction(run({}), 4)).toBe("ignore");
    expect(stepAction(run({ status: "succeeded" }), 3)).toBe("ignore");
    expect(stepAction(run({ status: "failed" }), 3)).toBe("ignore");
    expect(stepAction(undefined, 0)).toBe("ignore");
  });

  it("resends the next step's message only when the previous step's delivery did not send it", () => {
    expect(stepAction(run({ sent: false }), 2)).toBe("resend");
    expect(stepAction(run({ sent: false }), 1)).toBe("ignore");
    expect(stepAction(run({ sent: false }), 3)).toBe("run");
  });
});

describe("runStep", () => {
  it("advances one step per message, each delivered twice, and counts every unit once", async () => {
    const m = memory();
    await saveAndSend(m.io, "t1", newRun(3));
    for (let i = 0; i < m.sent.length; i++) {
      await runStep(m.io, counting(), message(m.sent[i]));
      await runStep(m.io, counting(), message(m.sent[i])); // redelivered
      expect(m.doc().units).toBe(i + 1);
    }
    expect(m.sent).toEqual([0, 1, 2]);
    expect(m.doc()).toMatchObject({ units: 3, status: "succeeded", completedAt: AT.toISOString(), step: 2 });
  });

  it("a send lost after the step was saved is sent again by the redelivered message, not run again", async () => {
    const m = memory();
    await saveAndSend(m.io, "t1", newRun(3));
    m.state.failSends = 1;
    await expect(runStep(m.io, counting(), message(0))).rejects.toThrow("queue unavailable");
    expect(m.doc()).toMatchObject({ step: 1, sent: false, units: 1, status: "running" });
    await runStep(m.io, counting(), message(0)); // the queue's retry of step 0
    expect(m.sent).toEqual([0, 1]);
    expect(m.doc()).toMatchObject({ step: 1, sent: true, units: 1 });
  });

  it("fails the run on an error the job names, keeping its message; any other error is the queue's", async () => {
    const m = memory();
    await saveAndSend(m.io, "t1", newRun(3));
    const throwing = (error: Error) =>
      counting({
        advance: async () => {
          throw error;
        },
      });
    await expect(runStep(m.io, throwing(new Error("D1 down")), message(0))).rejects.toThrow("D1 down");
    expect(m.doc()).toMatchObject({ status: "queued", step: 0, error: null });
    await runStep(m.io, throwing(new InputError("Rule r1 is invalid")), message(0));
    expect(m.doc()).toMatchObject({
      status: "failed",
      error: "Rule r1 is invalid",
      completedAt: AT.toISOString(),
    });
    expect(m.sent).toEqual([0]);
  });

  it("a run the job refuses fails without work", async () => {
    const m = memory();
    await saveAndSend(m.io, "t1", newRun(3));
    await runStep(m.io, counting({ refuse: () => "started by an older release" }), message(0));
    expect(m.doc()).toMatchObject({ status: "failed", error: "started by an older release", units: 0 });
  });
});
