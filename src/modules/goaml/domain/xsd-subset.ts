/**
 * The part of the goAML 5.0.2 report schema (test/fixtures/goaml/goAMLSchema.xsd) that our
 * builders emit, as data: element order, occurrences, lengths, patterns and enumerations,
 * copied from the XSD. validate.ts checks a report tree against it inside the Worker, where
 * no XSD engine runs (docs/decisions/goaml.md). It is a subset: an element the XSD allows but
 * we never emit is refused here. The Node tests validate the same reports with the real XSD
 * (xmllint-wasm), so the two cannot drift apart unnoticed.
 */
import type { XsdEnumName } from "./xsd-enums";

export type ValueSpec =
  | { kind: "string"; minLength?: number; maxLength?: number; pattern?: string; enumOf?: XsdEnumName }
  | { kind: "int"; minInclusive: number }
  | { kind: "boolean" }
  | { kind: "sql_date" }
  | { kind: "sql_decimal" };

export type Particle =
  | { p: "el"; name: string; min: number; max: number; value?: ValueSpec; content?: Particle }
  | { p: "seq" | "choice"; items: Particle[]; min: number; max: number };

const UNBOUNDED = Number.POSITIVE_INFINITY;

const str = (maxLength?: number, minLength?: number, pattern?: string): ValueSpec => ({
  kind: "string",
  ...(maxLength !== undefined ? { maxLength } : {}),
  ...(minLength !== undefined ? { minLength } : {}),
  ...(pattern !== undefined ? { pattern } : {}),
});
const code = (enumOf: XsdEnumName): ValueSpec => ({ kind: "string", enumOf });
const DATE: ValueSpec = { kind: "sql_date" };
const DECIMAL: ValueSpec = { kind: "sql_decimal" };
const BOOL: ValueSpec = { kind: "boolean" };
/** The XSD's name pattern (first/last names, account and entity names). */
export const NAME_PATTERN = "[a-zA-Z0-9 .'-]*";
/** comments_type: up to 8,000 characters. */
const COMMENTS = str(8000, 0);

const text = (name: string, value: ValueSpec): Particle => ({ p: "el", name, min: 1, max: 1, value });
const node = (name: string, content: Particle): Particle => ({ p: "el", name, min: 1, max: 1, content });
const seq = (...items: Particle[]): Particle => ({ p: "seq", items, min: 1, max: 1 });
const choice = (...items: Particle[]): Particle => ({ p: "choice", items, min: 1, max: 1 });
const opt = (particle: Particle): Particle => ({ ...particle, min: 0 });
const many = (particle: Particle, min = 1, max = UNBOUNDED): Particle => ({ ...particle, min, max });

const phone = node(
  "phone",
  seq(
    text("tph_contact_type", code("contact_type")),
    text("tph_communication_type", code("communication_type")),
    opt(text("tph_country_prefix", str(4, 1))),
    text("tph_number", str(50, 1)),
    opt(text("comments", COMMENTS)),
  ),
);
const address = node(
  "address",
  seq(
    text("address_type", code("contact_type")),
    text("address", str(100, 1)),
    opt(text("town", str(255))),
    text("city", str(255, 1)),
    opt(text("zip", str(10))),
    text("country_code", code("country_type")),
    text("state", str(255, 1)),
    opt(text("comments", COMMENTS)),
  ),
);
const phones = node("phones", many(phone, 0));
const addresses = node("addresses", many(address, 0));
const identification = node(
  "identification",
  seq(
    text("type", code("identifier_type")),
    text("number", str(255)),
    text("issue_date", DATE),
    text("expiry_date", DATE),
    opt(text("issued_by", str(255))),
    text("issue_country", code("country_type")),
    opt(text("comments", COMMENTS)),
  ),
);
const personNames = [
  opt(text("title", str(30))),
  text("first_name", str(100, 1, NAME_PATTERN)),
  opt(text("middle_name", str(100, undefined, NAME_PATTERN))),
  text("last_name", str(100, 1, NAME_PATTERN)),
];

/** t_person_my_client: our customer, with the identity fields the XSD makes mandatory. */
const personMyClient = seq(
  text("gender", code("gender_type")),
  ...personNames,
  text("birthdate", DATE),
  opt(text("birth_place", str(255))),
  text("id_number", str(255)),
  text("nationality1", code("country_type")),
  text("residence", code("country_type")),
  phones,
  opt(addresses),
  opt(text("occupation", str(255, 1))),
  many(identification),
  opt(text("tax_number", str(100))),
  text("tax_reg_number", str(1, 1)),
  opt(text("comments", COMMENTS)),
);

/** t_person: a counterparty, of whom we know little. */
const person = seq(
  opt(text("gender", code("gender_type"))),
  ...personNames,
  opt(text("birthdate", DATE)),
  opt(text("id_number", str(255))),
  opt(text("nationality1", code("country_type"))),
  opt(text("residence", code("country_type"))),
  opt(phones),
  opt(addresses),
  opt(text("occupation", str(255, 1))),
  many(identification, 0),
  opt(text("comments", COMMENTS)),
);

/** t_account_my_client: our customer's account, with its holder as signatory. */
const accountMyClient = seq(
  text("institution_name", str(255, 1)),
  choice(text("institution_code", str(50, 1)), text("swift", str(11, 1))),
  text("non_bank_institution", BOOL),
  text("branch", str(255, 1)),
  text("account", str(255, 1)),
  text("currency_code", code("currency_type")),
  text("account_name", str(255, 1, NAME_PATTERN)),
  opt(text("client_number", str(30, 1))),
  text("personal_account_type", code("account_type")),
  many(
    node(
      "signatory",
      seq(
        opt(text("is_primary", BOOL)),
        node("t_person", personMyClient),
        text("role", code("account_person_role_type")),
      ),
    ),
  ),
  text("opened", DATE),
  opt(text("closed", DATE)),
  opt(seq(text("balance", DECIMAL), text("date_balance", DATE))),
  text("status_code", code("account_status_type")),
  text("beneficiary", str(50)),
  opt(text("beneficiary_comment", str(255))),
  opt(text("comments", COMMENTS)),
);

/** t_account: a counterparty's account elsewhere. */
const account = seq(
  opt(text("institution_name", str(255, 1))),
  choice(text("institution_code", str(50, 1)), text("swift", str(11, 1))),
  opt(text("non_bank_institution", BOOL)),
  opt(text("branch", str(255, 1))),
  text("account", str(255, 1)),
  opt(text("currency_code", code("currency_type"))),
  text("account_name", str(255, 1, NAME_PATTERN)),
  opt(text("comments", COMMENTS)),
);

/** t_entity: a counterparty business. */
const entity = seq(
  text("name", str(255, 1, NAME_PATTERN)),
  opt(text("commercial_name", str(255, 0, NAME_PATTERN))),
  opt(text("incorporation_number", str(50, 1))),
  opt(text("business", str(255))),
  opt(phones),
  opt(addresses),
  opt(text("incorporation_country_code", code("country_type"))),
  opt(text("comments", COMMENTS)),
);

function side(dir: "from" | "to", mine: boolean): Particle {
  const party = mine
    ? choice(node(`${dir}_account`, accountMyClient), node(`${dir}_person`, personMyClient))
    : choice(node(`${dir}_account`, account), node(`${dir}_person`, person), node(`${dir}_entity`, entity));
  return node(
    mine ? `t_${dir}_my_client` : `t_${dir}`,
    seq(
      text(`${dir}_funds_code`, code("funds_type")),
      opt(text(`${dir}_funds_comment`, str(255))),
      party,
      text(`${dir}_country`, code("country_type")),
    ),
  );
}

const transaction = node(
  "transaction",
  seq(
    text("transactionnumber", str(100, 1)),
    opt(text("internal_ref_number", str(100, 1))),
    text("transaction_location", str(255, 0)),
    text("transaction_description", COMMENTS),
    text("date_transaction", DATE),
    opt(text("teller", str(50))),
    opt(text("authorized", str(50))),
    opt(text("value_date", DATE)),
    text("transmode_code", code("conduction_type")),
    // The reference schema restricts this to exactly one character.
    text("transmode_comment", str(1, 1)),
    text("amount_local", DECIMAL),
    choice(side("from", true), side("from", false)),
    choice(side("to", true), side("to", false)),
    opt(text("comments", COMMENTS)),
  ),
);

/** The XSD's email_address pattern (as patched in the reference copy). */
const EMAIL_PATTERN =
  "[_a-zA-Z0-9+-]+(\\.[_a-zA-Z0-9+-]+)*@[a-zA-Z0-9-]+(\\.[a-zA-Z0-9-]+)*(\\.[a-zA-Z]{2,15})";

const reportingPerson = node(
  "reporting_person",
  seq(
    opt(text("gender", code("gender_type"))),
    ...personNames,
    opt(phones),
    opt(addresses),
    opt(text("email", { kind: "string", maxLength: 255, pattern: EMAIL_PATTERN })),
    opt(text("occupation", str(255, 1))),
    opt(text("comments", COMMENTS)),
  ),
);

/** The root: `report` and the sequence we emit. */
export const REPORT_SPEC: Particle = node(
  "report",
  seq(
    text("rentity_id", { kind: "int", minInclusive: 1 }),
    opt(text("rentity_branch", str(255, 0))),
    text("submission_code", code("submission_type")),
    text("report_code", code("report_type")),
    text("entity_reference", str(255)),
    opt(text("fiu_ref_number", str(255))),
    opt(text("prev_rejected_ref_number", str(255))),
    text("submission_date", DATE),
    text("currency_code_local", code("currency_type")),
    opt(reportingPerson),
    opt(text("reason", COMMENTS)),
    opt(text("action", COMMENTS)),
    many(transaction),
    node("report_indicators", many(text("indicator", code("report_indicator_type")))),
  ),
);
