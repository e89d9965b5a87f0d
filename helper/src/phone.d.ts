// Types for phone.js, so the TypeScript site can `import { numberKey } from "whatsapp-helper/phone"`
// and compare numbers exactly as the helper does.

/** Digits only, with Brazil's 55 added to 10 or 11-digit numbers (DDD + 8 or 9 digits). */
export declare function normalizeNumber(number: unknown): string;
/** 55 + DDD + last 8 digits for Brazilian numbers (with or without the ninth digit); other numbers are their own key. */
export declare function numberKey(number: string): string;
/** The user part of a WhatsApp id ("5531999999999:12@s.whatsapp.net" → "5531999999999"). */
export declare function jidToNumber(jid: string | null | undefined): string;
