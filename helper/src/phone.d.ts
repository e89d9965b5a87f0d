// Types for phone.js, so the TypeScript site can `import { numberKey } from "whatsapp-helper/phone"`
// and compare numbers exactly as the helper does.

/** Why a number is refused, in pt-BR. */
export declare const NUMBER_PROBLEMS: { notBrazilian: string; badInternational: string };
/** Digits only, with Brazil's 55 added to 10 or 11-digit numbers (DDD + 8 or 9 digits); never to a number written with +. */
export declare function normalizeNumber(number: unknown): string;
/** Why the number may not be sent to (pt-BR), or null: Brazilian numbers, or + and a valid country code. */
export declare function numberProblem(number: unknown): string | null;
/** 55 + DDD + last 8 digits for Brazilian numbers (with or without the ninth digit); other numbers are their own key. */
export declare function numberKey(number: string): string;
/** The user part of a WhatsApp id ("5531999999999:12@s.whatsapp.net" → "5531999999999"). */
export declare function jidToNumber(jid: string | null | undefined): string;
