/**
 * The Ghana default FIU profile (Financial Intelligence Centre, fic.gov.gh). Facts: GHS; STR
 * within 24 hours of forming a suspicion, no threshold; CTR daily for cash deposits or
 * withdrawals of GH¢50,000 or more (banking). Codes marked "reference" are enumerations of the
 * goAML 5.0.2 reference schema (a UAE variant, test/fixtures/goaml); codes marked "placeholder"
 * are ours, to be replaced by the lists the FIC issues on its goAML portal. A report that uses
 * a placeholder code will not pass the reference XSD (docs/decisions/goaml.md).
 */
import type { FiuCode, FiuProfile } from "./fiu-profile";

const ref = (code: string, label: string): FiuCode => ({ code, label, source: "reference" });
const placeholder = (code: string, label: string): FiuCode => ({ code, label, source: "placeholder" });

export const GHANA_FIC_PROFILE: FiuProfile = {
  fiu: "Financial Intelligence Centre, Ghana",
  schemaVersion: "5.0.2",
  currencyCodeLocal: "GHS",
  countryCode: "GH",
  submissionCode: "E",
  reportCodes: { str: "STR", ctr: "CTR" },
  reportTypes: [
    ref("STR", "Suspicious Transaction Report"),
    // The reference list has no CTR; Ghana's code is issued on the FIC portal.
    placeholder("CTR", "Cash Transaction Report"),
  ],
  fundsTypes: [
    ref("CASH", "Cash"),
    ref("B", "Electronic funds transfer (UN default)"),
    ref("CHQ", "Cheque"),
    ref("DPOST", "Deposit"),
    placeholder("MOMO", "Mobile money"),
  ],
  transmodes: [
    ref("BO", "In branch/office"),
    ref("OCT", "Over the counter/teller"),
    ref("ATM", "ATM"),
    ref("ATMWT", "ATM cash withdrawal"),
    ref("CDM", "ATM cash deposit"),
    ref("DBCD", "Debit card"),
    ref("ELCFT", "Electronic funds transfer"),
    ref("INTRN", "Internal transfer"),
    ref("MB", "Mobile banking"),
    ref("ONBNK", "Online banking"),
    ref("SWIFT", "Wire transfer"),
  ],
  indicators: [
    ref("FRQDW", "Frequent deposits or withdrawals of large amounts of currency"),
    ref("ML002", "Structuring to avoid reporting"),
    ref("QMOFS", "Funds deposited are moved quickly out of the account"),
    ref("LOWBL", "High velocity in the movement of funds"),
    ref("CSEWA", "Sudden extensive activity in an account with little previous activity"),
    ref("HRJWT", "Transfers to or from higher-risk locations"),
    ref("FTRWA", "Frequent transactions in rounded amounts"),
    ref("MURCW", "Many unrelated senders to the same beneficiary"),
    ref("TAICE", "Activity inconsistent with the customer's business or expected activity"),
    ref("ICICP", "Cash inflows inconsistent with the customer's line of business"),
    ref("ICANA", "Transactions inconsistent with the account's normal activity"),
    ref("NODAT", "Newly opened account with unusual activity"),
    placeholder("CTRTH", "Cash transaction at or above the reporting threshold"),
  ],
  channels: {
    cash: { fundsCode: "CASH", transmodeCode: "OCT" },
    transfer: { fundsCode: "B", transmodeCode: "ELCFT" },
    cheque: { fundsCode: "CHQ", transmodeCode: "OCT" },
    card: { fundsCode: "B", transmodeCode: "DBCD" },
    online: { fundsCode: "B", transmodeCode: "ONBNK" },
    mobile_money: { fundsCode: "MOMO", transmodeCode: "MB" },
    default: { fundsCode: "B", transmodeCode: "ELCFT" },
  },
  ctr: {
    thresholdMinor: 5_000_000, // GH¢50,000.00
    channels: ["cash"],
    indicatorCodes: ["CTRTH"],
    // FIC: "cash deposits or withdrawals of GH¢50,000 or more" in a day; read as each direction
    // summed per customer and business day (docs/methodology/goaml.md#ctr-run).
    aggregation: "subject_day_by_direction",
  },
  // Reference codes: C savings, B current, LOAN, CRDTC credit card; A active, C dormant.
  accounts: {
    types: { savings: "C", current: "B", checking: "B", loan: "LOAN", credit_card: "CRDTC", wallet: "PREPD" },
    statuses: {
      active: "A",
      dormant: "C",
      inactive: "C",
      closed: "CLS",
      frozen: "FROZN",
      suspended: "RSTRD",
    },
  },
  indicatorMap: {
    amlRules: {
      "AML-LCT-001": ["FRQDW"],
      "AML-STR-002": ["ML002"],
      "AML-RMF-003": ["QMOFS"],
      "AML-VEL-004": ["LOWBL"],
      "AML-DOR-005": ["CSEWA"],
      "AML-GEO-006": ["HRJWT"],
      "AML-RND-007": ["FTRWA"],
      "AML-FIN-008": ["MURCW"],
      "AML-FOUT-009": ["TAICE"],
      "AML-XBR-010": ["TAICE"],
      "AML-BIZ-011": ["ICICP"],
      "AML-CYC-012": ["QMOFS"],
      "AML-SGA-013": ["QMOFS"],
      "AML-GSC-014": ["QMOFS"],
      "AML-LAY-015": ["QMOFS"],
      "AML-FNI-016": ["MURCW"],
      "AML-FNO-017": ["TAICE"],
      "AML-SMF-018": ["ML002"],
    },
    // A custom rule without its own entry takes its typology's codes, then `default`.
    typologies: {
      large_cash: ["FRQDW"],
      structuring: ["ML002"],
      smurfing: ["ML002"],
      pass_through: ["QMOFS"],
      cycle: ["QMOFS"],
      scatter_gather: ["QMOFS"],
      gather_scatter: ["QMOFS"],
      layering: ["QMOFS"],
      velocity: ["LOWBL"],
      dormant_reactivation: ["CSEWA"],
      high_risk_geography: ["HRJWT"],
      cross_border: ["TAICE"],
      round_amounts: ["FTRWA"],
      fan_in: ["MURCW"],
      fan_out: ["TAICE"],
      profile_mismatch: ["ICICP"],
      sanctions_or_watchlist: ["TAICE"],
      other: ["TAICE"],
    },
    default: ["TAICE"],
    fraudSignals: {
      velocity_count: ["LOWBL"],
      velocity_amount: ["LOWBL"],
      amount_spike: ["ICANA"],
      round_amounts: ["FTRWA"],
      just_under_threshold: ["ML002"],
      dormant_reactivation: ["CSEWA"],
      new_entity_high_activity: ["NODAT"],
      rapid_pass_through: ["QMOFS"],
      unusual_hours: ["ICANA"],
      many_counterparties: ["MURCW"],
      refund_reversal_abuse: ["TAICE"],
      new_payee_drain: ["ICANA"],
      refund_beyond_purchase: ["TAICE"],
    },
  },
};
