import { describe, expect, it } from "vitest";
import { call, createTenant, insertCustomer, json } from "./harness";

describe("smoke", () => {
  it("lists a tenant's customers", async () => {
    const t = await createTenant();
    await insertCustomer(t, { name: "Ama Mensah Ltd" });
    const res = await call("GET", "/v1/customers", { key: t.key });
    expect(res.status).toBe(200);
    const body = await json<{ data: { name: string }[] }>(res);
    expect(body.data.map((c) => c.name)).toEqual(["Ama Mensah Ltd"]);
  });
});
