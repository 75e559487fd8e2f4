import { describe, expect, it } from "vitest";
import { originProblem } from "./origins";

describe("originProblem", () => {
  it("accepts exact https origins and local http ones", () => {
    for (const ok of [
      "https://app.lender.com",
      "https://dash.example.co.uk:8443",
      "http://localhost:3000",
      "http://127.0.0.1",
    ]) {
      expect(originProblem(ok), ok).toBeNull();
    }
  });

  it("refuses wildcards, paths, upper case, plain http, default ports and junk", () => {
    for (const bad of [
      "*",
      "https://*.lender.com",
      "https://app.lender.com/",
      "https://app.lender.com/dash",
      "https://App.Lender.com",
      "http://app.lender.com",
      "https://app.lender.com:443",
      "https://app.lender.com:70000",
      "null",
      "app.lender.com",
      "https://localhost",
    ]) {
      expect(originProblem(bad), bad).not.toBeNull();
    }
  });
});
