// Types for contacts.js, so the TypeScript site can
// `import { parseContacts } from "../../helper/src/contacts.js"`.

/** Name given to a contact whose line has no comma: 'Desconhecido'. */
export declare const UNKNOWN_CONTACT_NAME: "Desconhecido";
/** Contacts with fewer digits than this (8) are dropped. */
export declare const MIN_CONTACT_DIGITS: 8;

export interface Contact {
  /** Trimmed name, or 'Desconhecido'. */
  name: string;
  /** Digits (at least 8), or + and digits for a number written with a country code other than 55. */
  number: string;
}

/**
 * Parses "Nome, Número" lines into contacts (no comma: 'Desconhecido'; under 8 digits, or neither a
 * Brazilian number nor + and a valid country code: dropped).
 */
export declare function parseContacts(text: string): Contact[];

/** A line of the text that gave no contact: its 1-based number, the line (trimmed) and why, in pt-BR. */
export interface DroppedLine {
  line: number;
  text: string;
  reason: string;
}

/** The pt-BR reasons of a dropped line. */
export declare const DROP_REASONS: { noNumber: string; tooShort: string };

/** parseContacts' contacts plus the non-blank lines it dropped, with the reason. */
export declare function parseContactLines(text: string): { contacts: Contact[]; dropped: DroppedLine[] };

/**
 * Puts the name where the message says `{nome}`; for 'Desconhecido' the field is dropped with the
 * space/comma before it ("Olá {nome}, tudo bem?" → "Olá, tudo bem?").
 */
export declare function personalise(template: string, name: string): string;
