/**
 * The GraphQL schema (schema-first). `@scope` names the API-key scope a field needs: the same
 * scope as the REST operation it mirrors. `@list` bounds a field's `limit` argument; the
 * cost analysis (domain/cost.ts) reads both bounds from here, so the limits are written once.
 * `@batched` marks a nested field whose sibling parents are read together in one statement.
 */
export const SDL = /* GraphQL */ `
"""The API-key scope a field needs (the scope of the REST operation it mirrors)."""
directive @scope(requires: String!) on FIELD_DEFINITION

"""A list field: \`limit\` defaults to \`default\` and may not exceed \`max\`; \`estimate\` is the cost-analysis size of an unpaginated list."""
directive @list(default: Int, max: Int, estimate: Int) on FIELD_DEFINITION

"""A nested field read for all sibling parents at once (one statement), so it costs one lookup, not one per parent."""
directive @batched on FIELD_DEFINITION

"""Any JSON value (free-form objects such as metadata, evidence or input metrics)."""
scalar JSON

"""The ways to filter customers by status."""
enum CustomerStatus { active inactive suspended closed }
enum TransactionType { credit debit }
enum AgentTier { basic standard premium super }
enum AgentStatus { active inactive suspended pending_verification }
enum BhiBand { excellent good fair poor critical }
enum BhiTrend { improving stable declining volatile }
enum FraudEntityType { customer account agent merchant }
enum FraudSeverity { low medium high critical }
enum FraudCaseStatus { open under_review pending_info escalated closed_cleared closed_suspicious closed_reported }
enum AmlEntityType { customer account agent merchant counterparty }
enum AmlCaseStatus { open under_investigation pending_information escalated closed_false_positive closed_no_action closed_reported }

"nextCursor: pass as cursor for the next page (same filters); null on the last page."
type Pagination { total: Int! limit: Int! offset: Int! hasMore: Boolean! nextCursor: String }

type BusinessInfo { legalName: String industry: String registrationNumber: String taxId: String }

type Customer {
  id: ID!
  externalId: String!
  externalSource: String!
  type: String!
  name: String!
  email: String
  phone: String
  status: String!
  vertical: String
  riskLevel: String
  riskScore: String
  tags: [String!]!
  businessInfo: BusinessInfo!
  """The source system's creation date (the ingest createdAt); informational, no score uses it."""
  sourceCreatedAt: String
  createdAt: String!
  updatedAt: String!
  """The customer's accounts, newest first."""
  accounts(limit: Int, offset: Int): [Account!] @scope(requires: "data:read") @list(default: 20, max: 100) @batched
  """The customer's transactions, newest first (transactionDate)."""
  transactions(limit: Int, offset: Int, type: TransactionType, startDate: String, endDate: String): [Transaction!]
    @scope(requires: "data:read") @list(default: 20, max: 100) @batched
  """The customer's latest BHI record; null when none was calculated."""
  latestBhi: BhiRecord @scope(requires: "bhi:read") @batched
}

type Account {
  id: ID!
  customerId: ID!
  externalId: String!
  type: String!
  name: String
  status: String!
  currency: String!
  "Decimal string, 2 fraction digits"
  currentBalance: String!
  availableBalance: String
  creditLimit: String
  """The source system's creation date (the ingest createdAt); informational, no score uses it."""
  sourceCreatedAt: String
  createdAt: String!
  """The account's customer."""
  customer: Customer @scope(requires: "data:read") @batched
  """The account's transactions, newest first."""
  transactions(limit: Int, offset: Int, type: TransactionType, startDate: String, endDate: String): [Transaction!]
    @scope(requires: "data:read") @list(default: 20, max: 100) @batched
}

type Transaction {
  id: ID!
  customerId: ID!
  accountId: ID!
  agentId: String
  externalId: String!
  type: String!
  category: String
  "Decimal string, 2 fraction digits"
  amount: String!
  currency: String!
  description: String
  status: String!
  transactionDate: String!
  merchantName: String
  balanceAfter: String
  channel: String
  counterpartyName: String
  counterpartyCountry: String
  """The flow class (docs/methodology/flows.md): revenue, expense, own_transfer, loan_disbursement, loan_repayment, refund, fee, salary, cash_deposit, cash_withdrawal, other; null until classified."""
  flow: String
  """The transaction's customer."""
  customer: Customer @scope(requires: "data:read") @batched
}

type Agent {
  id: ID!
  agentId: String!
  agentCode: String!
  agentName: String
  agentType: String!
  agentTier: String!
  agentStatus: String!
  floatBalance: String!
  floatLimit: String!
  currency: String!
  region: String
  servesRegions: [String!]!
  activatedAt: String
  lastTransactionAt: String
  """The source system's creation date (the ingest createdAt); informational, no score uses it."""
  sourceCreatedAt: String
  createdAt: String!
  updatedAt: String!
}

type BhiComponentWeights { liquidity: Float! volatility: Float! revenueStability: Float! expenseRatio: Float! paymentBehavior: Float! }
type BhiAlert { type: String! severity: String! message: String! metric: String! currentValue: Float! threshold: Float! }
type BhiReason { factor: String! score: Float! weight: Float! contribution: Float! direction: String! explanation: String! }

type BhiRecord {
  id: ID!
  customerId: ID!
  bhiOverall: String!
  bhiBand: String!
  liquidityScore: String!
  volatilityScore: String!
  revenueStabilityScore: String!
  expenseRatioScore: String!
  paymentBehaviorScore: String!
  trend: String!
  previousBhi: String
  bhiChangePercent: String
  inputMetrics: JSON
  reasons: [BhiReason!]
  alerts: [BhiAlert!]!
  componentWeights: BhiComponentWeights!
  calculationVersion: String!
  isLatest: Boolean!
  createdAt: String!
  """The record's customer."""
  customer: Customer @scope(requires: "data:read") @batched
}

type BhiHistoryEntry {
  id: ID!
  bhiOverall: String!
  bhiBand: String!
  liquidityScore: String!
  volatilityScore: String!
  revenueStabilityScore: String!
  expenseRatioScore: String!
  paymentBehaviorScore: String!
  trend: String!
  recordedAt: String!
}

type BhiBandCounts { excellent: Int! good: Int! fair: Int! poor: Int! critical: Int! }
type BhiTrendCounts { improving: Int! stable: Int! declining: Int! volatile: Int! }
type BhiSummary { totalCustomers: Int! averageBhi: Float! byBand: BhiBandCounts! byTrend: BhiTrendCounts! alertCount: Int! }

type FraudCaseEvent {
  id: ID!
  caseId: ID!
  eventType: String!
  eventSequence: Int!
  actorType: String!
  actorId: String!
  actorName: String
  previousStatus: String
  newStatus: String
  assigneeId: String
  assigneeName: String
  noteContent: String
  noteType: String
  evidenceType: String
  evidenceReference: JSON
  resolution: JSON
  createdAt: String!
  correlationId: ID!
  hash: String!
}

type FraudCase {
  id: ID!
  alertId: ID!
  correlationId: ID!
  entityType: String!
  entityId: String!
  severity: String!
  overallScore: Float!
  title: String!
  summary: String
  triggeredSignals: [JSON!]!
  explainability: JSON!
  windowDays: Int!
  windowStart: String
  windowEnd: String
  currentStatus: String!
  disclaimer: String!
  metadata: JSON!
  createdAt: String!
  lastEventAt: String!
  """The case's events in sequence order."""
  events(limit: Int, offset: Int): [FraudCaseEvent!] @scope(requires: "fraud:read") @list(default: 100, max: 500)
}

type AmlEvidence { field: String! observed: String! threshold: String! context: String! deviation: Float! }

type AmlCaseHistoryEntry {
  id: ID!
  sequence: Int!
  eventType: String!
  fromStatus: String
  toStatus: String!
  actorType: String!
  actorId: String!
  actorName: String
  note: String
  createdAt: String!
  hash: String!
}

type AmlCase {
  id: ID!
  ruleId: String!
  ruleName: String!
  caseType: String!
  entityType: String!
  entityId: String!
  riskLevel: String!
  status: String!
  evidence: [AmlEvidence!]!
  explanation: String!
  correlationId: ID!
  windowDays: Int!
  windowStart: String!
  windowEnd: String!
  createdAt: String!
  lastEventAt: String!
  eventCount: Int!
  disclaimer: String!
  """The case's append-only history, oldest first."""
  history: [AmlCaseHistoryEntry!] @scope(requires: "aml:read") @list(estimate: 20)
  """Whether the history's hash chain verifies."""
  chainValid: Boolean @scope(requires: "aml:read")
}

type AmlRule {
  ruleId: String!
  name: String!
  description: String!
  category: String!
  caseType: String!
  defaultRiskLevel: String!
  isEnabled: Boolean!
  thresholds: JSON!
  regulatoryBasis: String!
  internalPolicy: String!
  applicableTo: [String!]!
  requiresHighRiskCountries: Boolean!
}

type AmlRuleCatalog { rules: [AmlRule!]! totalEnabled: Int! allRuleIds: [String!]! disclaimer: String! }

type WebhookBreaker { state: String! consecutiveFailures: Int! openUntil: String }

type WebhookSubscription {
  id: ID!
  url: String!
  eventTypes: [String!]!
  description: String
  enabled: Boolean!
  disabledReason: String
  secretPrefix: String!
  previousSecretExpiresAt: String
  breaker: WebhookBreaker!
  createdAt: String!
  updatedAt: String!
}

input BhiWeightsInput { liquidity: Float volatility: Float revenueStability: Float expenseRatio: Float paymentBehavior: Float }
type BhiCalculationError { code: String! message: String! }
type BhiCalculationResult {
  customerId: ID!
  "null when the customer could not be scored (see error)"
  bhi: BhiRecord
  alerts: [BhiAlert!]!
  isSignificantChange: Boolean!
  persisted: Boolean!
  error: BhiCalculationError
}
type BhiCalculationSummary { total: Int! successful: Int! failed: Int! byBand: BhiBandCounts! alertCount: Int! }
type BhiCalculation { results: [BhiCalculationResult!]! summary: BhiCalculationSummary! }

type CustomerPage { data: [Customer!]! pagination: Pagination! }
type AccountPage { data: [Account!]! pagination: Pagination! }
type TransactionPage { data: [Transaction!]! pagination: Pagination! }
type AgentPage { data: [Agent!]! pagination: Pagination! }
type BhiRecordPage { data: [BhiRecord!]! pagination: Pagination! }
type BhiHistoryPage { customerId: ID! data: [BhiHistoryEntry!]! pagination: Pagination! }
type FraudCasePage { data: [FraudCase!]! pagination: Pagination! disclaimer: String! }
type AmlCasePage { data: [AmlCase!]! pagination: Pagination! disclaimer: String! }
type WebhookSubscriptionPage { data: [WebhookSubscription!]! pagination: Pagination! }

"""
Read access to the tenant's data. Each field needs the scope of the REST operation it mirrors;
without it the field is null with an error whose extensions.code is FORBIDDEN. Another tenant's
ids resolve to null with NOT_FOUND. Lists take limit (1..500 unless stated) and offset; paged
lists also take cursor (the previous page's pagination.nextCursor, not with offset > 0).
"""
type Query {
  "GET /v1/customers"
  customers(limit: Int, offset: Int, cursor: String, search: String, status: CustomerStatus): CustomerPage
    @scope(requires: "data:read") @list(default: 50, max: 500)
  "GET /v1/customers/{customerId}"
  customer(id: ID!): Customer @scope(requires: "data:read")
  "GET /v1/accounts"
  accounts(customerId: ID, limit: Int, offset: Int, cursor: String): AccountPage @scope(requires: "data:read") @list(default: 50, max: 500)
  "GET /v1/transactions"
  transactions(
    customerId: ID
    accountId: ID
    type: TransactionType
    "ISO 8601, inclusive"
    startDate: String
    "ISO 8601, inclusive"
    endDate: String
    limit: Int
    offset: Int
    cursor: String
  ): TransactionPage @scope(requires: "data:read") @list(default: 50, max: 500)
  "GET /v1/agents"
  agents(tier: AgentTier, region: String, status: AgentStatus, limit: Int, offset: Int, cursor: String): AgentPage
    @scope(requires: "agents:read") @list(default: 50, max: 500)
  "GET /v1/agents/{agentId} (the tenant's own agent identifier)"
  agent(agentId: String!): Agent @scope(requires: "agents:read")
  "GET /v1/bhi: records, each customer's latest by default, newest first"
  bhiRecords(customerId: ID, bhiBand: BhiBand, trend: BhiTrend, isLatest: Boolean, limit: Int, offset: Int, cursor: String): BhiRecordPage
    @scope(requires: "bhi:read") @list(default: 50, max: 500)
  "GET /v1/bhi/{customerId}: the latest record (NOT_FOUND when the customer or its BHI is absent)"
  bhi(customerId: ID!): BhiRecord @scope(requires: "bhi:read")
  "GET /v1/bhi/{customerId}/history, newest first"
  bhiHistory(customerId: ID!, limit: Int, offset: Int, cursor: String): BhiHistoryPage
    @scope(requires: "bhi:read") @list(default: 50, max: 500)
  "GET /v1/bhi/summary"
  bhiSummary: BhiSummary @scope(requires: "bhi:read")
  "GET /v1/fraud/cases"
  fraudCases(
    entityType: FraudEntityType
    entityId: String
    severity: [FraudSeverity!]
    status: [FraudCaseStatus!]
    minScore: Float
    maxScore: Float
    startDate: String
    endDate: String
    limit: Int
    offset: Int
    cursor: String
  ): FraudCasePage @scope(requires: "fraud:read") @list(default: 50, max: 500)
  "GET /v1/fraud/cases/{caseId} (with its events)"
  fraudCase(id: ID!): FraudCase @scope(requires: "fraud:read")
  "GET /v1/kyc-aml/cases"
  amlCases(status: [AmlCaseStatus!], entityType: AmlEntityType, entityId: String, ruleId: String, limit: Int, offset: Int, cursor: String): AmlCasePage
    @scope(requires: "aml:read") @list(default: 50, max: 500)
  "GET /v1/kyc-aml/cases/{caseId} (with its history)"
  amlCase(id: ID!): AmlCase @scope(requires: "aml:read")
  "GET /v1/kyc-aml/rules"
  amlRules: AmlRuleCatalog @scope(requires: "aml:read")
  "GET /v1/webhooks/subscriptions"
  webhookSubscriptions(limit: Int, offset: Int, cursor: String): WebhookSubscriptionPage
    @scope(requires: "webhooks:read") @list(default: 50, max: 500)
}

"""Writes: thin calls to the same services as REST, with the same scopes."""
type Mutation {
  "POST /v1/bhi/calculate-from-db for named customers (1..1000): a new record each, with its events"
  calculateBhi(customerIds: [ID!]!, weights: BhiWeightsInput, includeDetails: Boolean): BhiCalculation
    @scope(requires: "bhi:write")
}
`;
