/**
 * Assembles a goAML report (STR or CTR: the same structure) from plain input, validates the
 * tree against the schema subset with the FIU profile's code lists, and serialises it only
 * when it validates. A report that does not validate comes back as issues, never as XML.
 */
import { fromMinor } from "../../../lib/money";
import { codesForChannel, type FiuProfile } from "./fiu-profile";
import {
  accountMyClient,
  type ClientAccountInput,
  type CounterpartyInput,
  counterparty,
  type InstitutionInput,
  type PhoneInput,
  phoneList,
  toSqlDate,
} from "./parties";
import { type CodeListOverrides, type ValidationIssue, validateReport } from "./validate";
import { el, leaf, optLeaf, serialize, XmlCharacterError, type XmlElement } from "./xml";

export interface ReportingEntityInput {
  /** The reporting entity's id at the FIU (goAML `rentity_id`). */
  rentityId: number;
  branch?: string;
  institution: InstitutionInput;
  reportingPerson: {
    title?: string;
    firstName: string;
    lastName: string;
    email?: string;
    occupation?: string;
    phones?: PhoneInput[];
  };
}

export interface TransactionInput {
  /** Our transaction id (transactionnumber). */
  id: string;
  internalRef?: string;
  /** Where it happened (branch, agent, channel); may be empty. */
  location?: string;
  description: string;
  /** Date or date-time. */
  date: string;
  /** credit: into our client's account (counterparty -> client); debit: out of it. */
  direction: "credit" | "debit";
  /** Amount in minor units of the local currency (pesewas). */
  amountMinor: number;
  /** Our channel (cash, transfer, mobile_money, ...): mapped to codes by the profile. */
  channel?: string | null;
  client: ClientAccountInput;
  /** The other side; absent for cash, where the client is taken to be the depositor or payee. */
  counterparty?: CounterpartyInput;
  comments?: string;
}

export interface ReportInput {
  reportingEntity: ReportingEntityInput;
  /** Our reference for the report (the case id for an STR). */
  entityReference: string;
  /** When the report is generated (submission_date). */
  generatedAt: string;
  reason?: string;
  action?: string;
  /** The FIU's reference of the rejected report this one replaces. */
  prevRejectedRefNumber?: string;
  transactions: TransactionInput[];
  indicatorCodes: string[];
}

export type ReportResult =
  | { ok: true; xml: string; tree: XmlElement }
  | { ok: false; issues: ValidationIssue[] };

/** The FIU's own code lists replace the reference schema's for the FIU-specific enumerations. */
export function profileCodeLists(profile: FiuProfile): CodeListOverrides {
  const codes = (list: { code: string }[]) => list.map((c) => c.code);
  return {
    report_type: codes(profile.reportTypes),
    funds_type: codes(profile.fundsTypes),
    conduction_type: codes(profile.transmodes),
    report_indicator_type: codes(profile.indicators),
  };
}

function amountIssue(t: TransactionInput, index: number): ValidationIssue | null {
  if (Number.isSafeInteger(t.amountMinor) && t.amountMinor > 0) return null;
  return {
    path: `transactions[${index}].amountMinor`,
    message: "must be a positive whole number of minor units",
  };
}

function transactionNode(profile: FiuProfile, inst: InstitutionInput, t: TransactionInput): XmlElement {
  const { fundsCode, transmodeCode } = codesForChannel(profile, t.channel);
  const client = (dir: "from" | "to") =>
    el(
      `t_${dir}_my_client`,
      leaf(`${dir}_funds_code`, fundsCode),
      accountMyClient(`${dir}_account`, inst, t.client),
      leaf(`${dir}_country`, profile.countryCode),
    );
  const other = (dir: "from" | "to") => {
    const party: CounterpartyInput = t.counterparty ?? { kind: "person", person: t.client.holder };
    return el(
      `t_${dir}`,
      leaf(`${dir}_funds_code`, fundsCode),
      counterparty(dir, party),
      leaf(`${dir}_country`, party.country ?? profile.countryCode),
    );
  };
  const credit = t.direction === "credit";
  return el(
    "transaction",
    leaf("transactionnumber", t.id),
    optLeaf("internal_ref_number", t.internalRef),
    leaf("transaction_location", t.location ?? ""),
    leaf("transaction_description", t.description),
    leaf("date_transaction", toSqlDate(t.date)),
    leaf("transmode_code", transmodeCode),
    // The schema allows exactly one character here; "-" says "no comment".
    leaf("transmode_comment", "-"),
    leaf("amount_local", fromMinor(t.amountMinor)),
    credit ? other("from") : client("from"),
    credit ? client("to") : other("to"),
    optLeaf("comments", t.comments),
  );
}

export function buildReport(profile: FiuProfile, reportCode: string, input: ReportInput): ReportResult {
  const inputIssues = input.transactions.flatMap((t, i) => amountIssue(t, i) ?? []);
  if (inputIssues.length > 0) return { ok: false, issues: inputIssues };
  const re = input.reportingEntity;
  const rp = re.reportingPerson;
  const tree = el(
    "report",
    leaf("rentity_id", String(re.rentityId)),
    optLeaf("rentity_branch", re.branch),
    leaf("submission_code", profile.submissionCode),
    leaf("report_code", reportCode),
    leaf("entity_reference", input.entityReference),
    optLeaf("prev_rejected_ref_number", input.prevRejectedRefNumber),
    leaf("submission_date", toSqlDate(input.generatedAt)),
    leaf("currency_code_local", profile.currencyCodeLocal),
    el(
      "reporting_person",
      optLeaf("title", rp.title),
      leaf("first_name", rp.firstName),
      leaf("last_name", rp.lastName),
      phoneList(rp.phones),
      optLeaf("email", rp.email),
      optLeaf("occupation", rp.occupation),
    ),
    optLeaf("reason", input.reason),
    optLeaf("action", input.action),
    ...input.transactions.map((t) => transactionNode(profile, re.institution, t)),
    el("report_indicators", ...input.indicatorCodes.map((c) => leaf("indicator", c))),
  );
  const issues = validateReport(tree, profileCodeLists(profile));
  if (issues.length > 0) return { ok: false, issues };
  try {
    return { ok: true, xml: serialize(tree), tree };
  } catch (error) {
    // The validator refuses forbidden characters first; this is the writer's own guard.
    if (error instanceof XmlCharacterError)
      return { ok: false, issues: [{ path: error.path, message: error.message }] };
    throw error;
  }
}
