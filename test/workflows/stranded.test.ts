import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { resumeStrandedWorkflowRuns } from "../../src/modules/workflows/jobs";
import { createRun } from "../../src/modules/workflows/service";
import { createTenant, insertCustomer } from "../harness";
import { getRun, waitForRun } from "./helpers";

describe("runs whose queue message was lost", () => {
  it("are re-sent by the every-minute sweep after 2 minutes and then run to the end", async () => {
    const t = await createTenant();
    const customer = await insertCustomer(t);
    const ctx = await loadTenantContext(env, t.id, "test");
    // Stored as the trigger stores it, but never enqueued (as when the send fails).
    const { run } = await createRun(ctx, {
      workflowId: "risk-review",
      input: { customerId: customer.id },
      triggeredBy: "test",
    });

    // Too recent: left alone (its message may simply be on its way).
    await resumeStrandedWorkflowRuns(env, new Date());
    await new Promise((r) => setTimeout(r, 500));
    expect((await getRun(t, run.id)).status).toBe("pending");

    const resent = await resumeStrandedWorkflowRuns(env, new Date(Date.now() + 3 * 60_000));
    expect(resent).toBeGreaterThanOrEqual(1);
    expect((await waitForRun(t, run.id)).status).toBe("succeeded");
  });
});
