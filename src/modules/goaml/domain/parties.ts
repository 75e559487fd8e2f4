/**
 * The parties of a goAML transaction as trees: our client's account (t_account_my_client with
 * its holder as signatory, t_person_my_client) and the counterparty (t_person, t_account or
 * t_entity). Nothing is invented: a field the input lacks is left out, and the validator then
 * names the element the schema requires.
 */
import { el, leaf, optLeaf, type XmlElement } from "./xml";

export interface PhoneInput {
  /** contact_type code (PRSNL, BU, ...). */
  contactType: string;
  /** communication_type code (M mobile, L landline). */
  communicationType: string;
  countryPrefix?: string;
  number: string;
}

export interface AddressInput {
  /** contact_type code (RES, BU, ...). */
  addressType: string;
  address: string;
  town?: string;
  city: string;
  countryCode: string;
  /** Region (Greater Accra, Ashanti, ...). */
  state: string;
}

export interface IdentificationInput {
  /** identifier_type code of the FIU (the reference list has PASSP, DRIVL, ...). */
  type: string;
  number: string;
  issueDate: string;
  expiryDate: string;
  issuedBy?: string;
  issueCountry: string;
}

export interface PersonInput {
  /** gender_type code: M, F or -. */
  gender?: string;
  title?: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  birthdate?: string;
  idNumber?: string;
  nationality?: string;
  residence?: string;
  phones?: PhoneInput[];
  addresses?: AddressInput[];
  occupation?: string;
  identifications?: IdentificationInput[];
  /** Registered for tax: written as the one-character tax_reg_number (Y/N) the schema wants. */
  taxRegistered?: boolean;
  taxNumber?: string;
}

/** The reporting institution: the bank side of every account of our client. */
export interface InstitutionInput {
  name: string;
  /** Either a local institution code or a SWIFT BIC. */
  code?: string;
  swift?: string;
  nonBank: boolean;
}

export interface ClientAccountInput {
  branch: string;
  accountNumber: string;
  /** ISO 4217 currency of the account. */
  currency: string;
  accountName: string;
  clientNumber?: string;
  /** account_type code (reference: C savings, B current, ...). */
  accountType: string;
  /** When the account was opened (date or date-time). */
  opened: string;
  /** account_status_type code (reference: A active, C dormant, ...). */
  statusCode: string;
  holder: PersonInput;
}

export type CounterpartyInput =
  | { kind: "person"; person: PersonInput; country?: string }
  | {
      kind: "account";
      institutionName?: string;
      institutionCode?: string;
      swift?: string;
      accountNumber: string;
      accountName: string;
      country?: string;
    }
  | {
      kind: "entity";
      name: string;
      incorporationNumber?: string;
      business?: string;
      country?: string;
      /** Free text (the account number of a counterparty whose institution we do not know). */
      comments?: string;
    };

/** A date or date-time as the schema's sql_date (`YYYY-MM-DDThh:mm:ss`, UTC; Ghana keeps GMT). */
export function toSqlDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00`;
  const ms = Date.parse(value);
  // An unparseable date is passed through unchanged, so the validator names the field.
  return Number.isNaN(ms) ? value : new Date(ms).toISOString().slice(0, 19);
}

const optDate = (name: string, value?: string) =>
  value === undefined ? undefined : leaf(name, toSqlDate(value));

const phoneNode = (p: PhoneInput) =>
  el(
    "phone",
    leaf("tph_contact_type", p.contactType),
    leaf("tph_communication_type", p.communicationType),
    optLeaf("tph_country_prefix", p.countryPrefix),
    leaf("tph_number", p.number),
  );

const addressNode = (a: AddressInput) =>
  el(
    "address",
    leaf("address_type", a.addressType),
    leaf("address", a.address),
    optLeaf("town", a.town),
    leaf("city", a.city),
    leaf("country_code", a.countryCode),
    leaf("state", a.state),
  );

const identificationNode = (i: IdentificationInput) =>
  el(
    "identification",
    leaf("type", i.type),
    leaf("number", i.number),
    leaf("issue_date", toSqlDate(i.issueDate)),
    leaf("expiry_date", toSqlDate(i.expiryDate)),
    optLeaf("issued_by", i.issuedBy),
    leaf("issue_country", i.issueCountry),
  );

const names = (p: PersonInput) => [
  optLeaf("title", p.title),
  leaf("first_name", p.firstName),
  optLeaf("middle_name", p.middleName),
  leaf("last_name", p.lastName),
];

const list = <T>(name: string, items: T[] | undefined, node: (item: T) => XmlElement) =>
  items === undefined ? undefined : el(name, ...items.map(node));

/** A `phones` element when phones are given (optional in most person types). */
export const phoneList = (phones?: PhoneInput[]): XmlElement | undefined => list("phones", phones, phoneNode);

/** t_person_my_client: the schema requires identity fields; phones is always written (may be empty). */
export function personMyClient(name: string, p: PersonInput): XmlElement {
  return el(
    name,
    optLeaf("gender", p.gender),
    ...names(p),
    optDate("birthdate", p.birthdate),
    optLeaf("id_number", p.idNumber),
    optLeaf("nationality1", p.nationality),
    optLeaf("residence", p.residence),
    el("phones", ...(p.phones ?? []).map(phoneNode)),
    list("addresses", p.addresses, addressNode),
    optLeaf("occupation", p.occupation),
    ...(p.identifications ?? []).map(identificationNode),
    optLeaf("tax_number", p.taxNumber),
    p.taxRegistered === undefined ? undefined : leaf("tax_reg_number", p.taxRegistered ? "Y" : "N"),
  );
}

/** t_person: a counterparty person. */
export function person(name: string, p: PersonInput): XmlElement {
  return el(
    name,
    optLeaf("gender", p.gender),
    ...names(p),
    optDate("birthdate", p.birthdate),
    optLeaf("id_number", p.idNumber),
    optLeaf("nationality1", p.nationality),
    optLeaf("residence", p.residence),
    list("phones", p.phones, phoneNode),
    list("addresses", p.addresses, addressNode),
    optLeaf("occupation", p.occupation),
    ...(p.identifications ?? []).map(identificationNode),
  );
}

/** t_account_my_client: our client's account at the reporting institution. */
export function accountMyClient(name: string, inst: InstitutionInput, a: ClientAccountInput): XmlElement {
  return el(
    name,
    leaf("institution_name", inst.name),
    inst.code !== undefined ? leaf("institution_code", inst.code) : optLeaf("swift", inst.swift),
    leaf("non_bank_institution", String(inst.nonBank)),
    leaf("branch", a.branch),
    leaf("account", a.accountNumber),
    leaf("currency_code", a.currency),
    leaf("account_name", a.accountName),
    optLeaf("client_number", a.clientNumber),
    leaf("personal_account_type", a.accountType),
    el("signatory", leaf("is_primary", "1"), personMyClient("t_person", a.holder), leaf("role", "PAH")),
    leaf("opened", toSqlDate(a.opened)),
    leaf("status_code", a.statusCode),
    // Required by the schema; free text of at most 50 characters that we have no source for.
    leaf("beneficiary", ""),
  );
}

/** The counterparty side's party element: from_/to_ person, account or entity. */
export function counterparty(dir: "from" | "to", c: CounterpartyInput): XmlElement {
  if (c.kind === "person") return person(`${dir}_person`, c.person);
  if (c.kind === "account") {
    return el(
      `${dir}_account`,
      optLeaf("institution_name", c.institutionName),
      c.institutionCode !== undefined
        ? leaf("institution_code", c.institutionCode)
        : optLeaf("swift", c.swift),
      leaf("account", c.accountNumber),
      leaf("account_name", c.accountName),
    );
  }
  return el(
    `${dir}_entity`,
    leaf("name", c.name),
    optLeaf("incorporation_number", c.incorporationNumber),
    optLeaf("business", c.business),
    optLeaf("comments", c.comments),
  );
}
