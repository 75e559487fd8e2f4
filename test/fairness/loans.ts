// The quota tests' loan: customer "C1"'s, disbursed ten days ago, one installment of 50.00 a month.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A loan of `installments` monthly installments (a loan row plus one row per installment). */
export const quotaLoan = (externalId: string, installments = 1) => ({
  externalId,
  externalSource: "core",
  customerExternalId: "C1",
  product: "micro",
  principal: `${installments * 50}.00`,
  interestRate: "24",
  termCount: installments,
  disbursementDate: day(-10),
  currency: "GHS",
  schedule: Array.from({ length: installments }, (_, i) => ({
    dueDate: day(20 + 30 * i),
    principal: "50.00",
    interest: "1.00",
  })),
});
