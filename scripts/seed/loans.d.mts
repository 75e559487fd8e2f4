// Types of scripts/seed/loans.mjs for the TypeScript tests that use the demo book.
export declare const LOAN_STORIES: Record<string, number>;
export declare function generateLoans(input: {
  seed: number;
  customers: ReadonlyArray<{ externalId: string; externalSource: string }>;
  source: string;
  now: Date;
  prefix: string;
}): {
  loans: Array<Record<string, unknown> & { externalId: string; customerExternalId: string }>;
  repayments: Array<Record<string, unknown>>;
  storyOf: Record<string, string>;
};
