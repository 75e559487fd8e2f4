/** One entry of a sanctions or PEP list, as every parser produces it (docs/methodology/sanctions.md). */

export type EntryKind = "person" | "organisation" | "vessel" | "aircraft" | "other";

/** `primary`: the listed name; `strong`: an alias ("a.k.a."); `weak`: a low-quality alias. */
export type NameStrength = "primary" | "strong" | "weak";

export interface EntryName {
  name: string;
  strength: NameStrength;
}

export interface SanctionsEntry {
  /** The list's own reference (UN "QDi.001", OFAC uid, EU logical id): stable across versions. */
  ref: string;
  kind: EntryKind;
  names: EntryName[];
  /** "YYYY" or "YYYY-MM" or "YYYY-MM-DD", as precise as the list gives them. */
  datesOfBirth: string[];
  /** ISO 3166-1 alpha-2 where the list's text maps to one, else the list's text upper-cased. */
  nationalities: string[];
  programs: string[];
  remarks: string;
}
