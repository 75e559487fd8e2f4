import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, pagination, tenantRoute, uuidParam } from "../../../http/openapi";
import { AsOfQuery, CustomerLoanListQuery, LoanListQuery } from "../schemas";
import { getLoan, listCustomerLoans, listLoans } from "../service";

export const listLoansRoute = tenantRoute({
  method: "get",
  path: "/v1/loans",
  operationId: "listLoans",
  tags: ["Lending"],
  summary: "List loans",
  description:
    "Filter by customer, status, product, branch, officer and arrears bucket as of today; newest " + "first.",
  scope: "data:read",
  request: { query: LoanListQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).LoanListSchema, "Loans") },
});

export const getLoanRoute = tenantRoute({
  method: "get",
  path: "/v1/loans/{loanId}",
  operationId: "getLoan",
  tags: ["Lending"],
  summary: "Get a loan",
  description:
    "With its schedule, repayments and arrears as of asOf (default today). " +
    "As of a date: only repayments paid on or before it count (allocated in the order they were paid).",
  scope: "data:read",
  request: { params: z.object({ loanId: uuidParam("loanId") }), query: AsOfQuery },
  responses: {
    200: jsonContent(async () => {
      const { LoanDetailSchema } = await import("../responses");
      return z.object({ success: z.literal(true), loan: LoanDetailSchema });
    }, "The loan"),
  },
});

export const listCustomerLoansRoute = tenantRoute({
  method: "get",
  path: "/v1/customers/{customerId}/loans",
  operationId: "listCustomerLoans",
  tags: ["Lending"],
  summary: "List a customer's loans",
  description: "Newest first.",
  scope: "data:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }), query: CustomerLoanListQuery },
  responses: { 200: jsonContent(async () => (await import("../responses")).LoanListSchema, "Loans") },
});

export function registerLoanReads(app: App): void {
  app.openapi(listLoansRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { data, page } = await listLoans(c.get("ctx"), filter, { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
  app.openapi(getLoanRoute, async (c) => {
    const loan = await getLoan(c.get("ctx"), c.req.valid("param").loanId, c.req.valid("query").asOf);
    return c.json({ success: true as const, loan }, 200);
  });
  app.openapi(listCustomerLoansRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const { customerId } = c.req.valid("param");
    const { data, page } = await listCustomerLoans(c.get("ctx"), customerId, filter, {
      limit,
      offset,
      cursor,
    });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
}
