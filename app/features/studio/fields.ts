import { z } from "zod";

import { placeholderProblem } from "~/features/institution/placeholders";
import { IMAGE_ID_PATTERN } from "~/shared/image-files";

import { PHOTO_MESSAGES, PHOTO_WIDTHS } from "./photos";

/**
 * Field schemas shared by the content studio's forms. Every message is the pt-BR text shown next
 * to the field. Texts are stored as typed and always rendered as text (React escapes them).
 */

export const REQUIRED_MESSAGE = "Campo obrigatório";

/** A required one-line text of at most `max` characters. */
export function requiredText(max: number, message = REQUIRED_MESSAGE) {
  return (
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `Use no máximo ${max} caracteres`)
      // Control characters (other than tab and line breaks) have no place in a page's text.
      // eslint-disable-next-line no-control-regex
      .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), "Texto com caracteres inválidos")
  );
}

/** An optional text: empty becomes "". */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres`)
    .optional()
    .transform((value) => value ?? "");
}

export const URL_MESSAGE = "Endereço inválido - use um link completo, começando com https://";

/** An optional https:// (or http://) link; empty means "not shown". */
export const optionalUrl = z
  .string()
  .trim()
  .max(500, URL_MESSAGE)
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, URL_MESSAGE);

/** A date as the browser's date input sends it (AAAA-MM-DD), checked for being a real day. */
export const DATE_MESSAGE = "Data inválida";
export const isoDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => {
    const date = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, DATE_MESSAGE);

/** CNPJ: 14 digits with both check digits right; stored formatted 00.000.000/0000-00. */
export const CNPJ_MESSAGE = "CNPJ inválido - confira os números";

export function isValidCnpj(input: string): boolean {
  const digits = input.replace(/\D/g, "");
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

export function formatCnpj(input: string): string {
  const d = input.replace(/\D/g, "");
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12, 14)}`;
}

/** A CNPJ, or empty (then the site shows none and the studio warns). */
export const optionalCnpjField = z
  .string({ error: CNPJ_MESSAGE })
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || (/^[\d./\s-]+$/.test(value) && isValidCnpj(value)), CNPJ_MESSAGE)
  .transform((value) => (value === "" ? "" : formatCnpj(value)));

/** The institution's phone as shown (0800 000 0000, (31) 3333-4444): 8 to 13 digits. */
export const INSTITUTION_PHONE_MESSAGE = "Telefone inválido - use só números, espaços, parênteses e hífen";
export const institutionPhoneField = z
  .string({ error: INSTITUTION_PHONE_MESSAGE })
  .trim()
  .refine((value) => /^[\d\s()+-]+$/.test(value) && /^\d{8,13}$/.test(value.replace(/\D/g, "")), INSTITUTION_PHONE_MESSAGE);

/**
 * A Brazilian WhatsApp number as people type it ((31) 99999-8888, +55 31 99999-8888), stored as
 * wa.me wants it: digits with the country code (5531999998888). Empty means "no WhatsApp".
 */
export const WHATSAPP_NUMBER_MESSAGE = "Número de WhatsApp inválido - Formato: (99)99999-9999";

export function normalizeWhatsappNumber(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  const national = digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  if (!/^[1-9][1-9]\d{8,9}$/.test(national)) return null;
  return `55${national}`;
}

export const optionalWhatsappNumber = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return "";
    if (!/^[\d\s()+-]+$/.test(value)) {
      ctx.issues.push({ code: "custom", message: WHATSAPP_NUMBER_MESSAGE, input: value });
      return z.NEVER;
    }
    const number = normalizeWhatsappNumber(value);
    if (number === null) {
      ctx.issues.push({ code: "custom", message: WHATSAPP_NUMBER_MESSAGE, input: value });
      return z.NEVER;
    }
    return number;
  });

/** Shows a stored WhatsApp number (5531999998888) the way Brazilians write it: (31) 99999-8888. */
export function formatWhatsappNumber(number: string): string {
  const national = number.startsWith("55") ? number.slice(2) : number;
  const local = national.slice(2);
  return `(${national.slice(0, 2)}) ${local.slice(0, local.length - 4)}-${local.slice(-4)}`;
}

/** An optional date (AAAA-MM-DD); empty means "no date" and becomes "". */
export const optionalIsoDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || isoDate.safeParse(value).success, DATE_MESSAGE);

/** Reads a number as Brazilians type it ("19,90", "1.049,90", "19.90"); anything else stays as it came. */
export function parseBrazilianNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.replace(/^R\$\s*/i, "").trim();
  if (text === "") return undefined;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) {
    return Number(text.replace(/\./g, "").replace(",", "."));
  }
  if (/^\d+(\.\d{1,2})?$/.test(text)) return Number(text);
  return value;
}

/** A price in reais (R$ 0,01 to R$ 99.999,99) with at most two decimals; the form takes "19,90". */
export const PRICE_MESSAGE = "Valor inválido - use reais com vírgula, ex.: 19,90";
export const priceReais = z.preprocess(
  parseBrazilianNumber,
  z
    .number({ error: PRICE_MESSAGE })
    .min(0.01, PRICE_MESSAGE)
    .max(99_999.99, PRICE_MESSAGE)
    .refine((value) => Math.round(value * 100) === Math.round(value * 100 * 1e6) / 1e6, PRICE_MESSAGE),
);

/** A whole percentage from `min` to `max` ("50" or "50%"). */
export function percentField(min: number, max: number) {
  const message = `Informe um número inteiro de ${min} a ${max}`;
  return z.preprocess(
    (value) =>
      typeof value === "string"
        ? value.replace("%", "").trim() === ""
          ? undefined
          : Number(value.replace("%", "").trim())
        : value,
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/**
 * A photo as a section stores it: the uploaded image's id (app/features/studio/photos.ts), its text for
 * people who cannot see it, and the size of its largest stored copy (the page reserves its space).
 * The studio's photo field (components/studio/photo-field.tsx) sends `<name>.id`, `<name>.alt` and
 * `<name>.file`; on the server, saveUploadedPhoto (server/content/images.server.ts) stores a new file
 * and sets the id, width and height from the stored image before this schema runs. In the browser,
 * a chosen file stands for the photo the server will store.
 */
const inBrowser = () => typeof document !== "undefined";

function fileChosen(value: unknown): boolean {
  return inBrowser() && typeof File !== "undefined" && value instanceof File && value.size > 0;
}

const photoAlt = requiredText(200, PHOTO_MESSAGES.alt);

/** What the photo field sends (and what is stored, less `file` and `remove`). */
const photoInput = z.object(
  {
    id: z.string().regex(IMAGE_ID_PATTERN, PHOTO_MESSAGES.notFound).optional(),
    alt: z.string().optional(),
    width: z.coerce
      .number()
      .int()
      .min(1)
      .max(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1])
      .optional(),
    height: z.coerce.number().int().min(1).optional(),
    file: z.unknown().optional(),
    /** "Remover a foto" (only for a photo the section may go without). */
    remove: z.string().optional(),
  },
  { error: PHOTO_MESSAGES.missing },
);
type PhotoInput = z.infer<typeof photoInput>;

/** Whether the form names no photo at all (then an optional photo is null). */
function noPhoto(photo: PhotoInput | null | undefined): boolean {
  return !photo || photo.remove === "on" || (!photo.id && !fileChosen(photo.file));
}

function checkPhoto(photo: PhotoInput, ctx: z.RefinementCtx) {
  const alt = photoAlt.safeParse(photo.alt ?? "");
  if (!alt.success) ctx.addIssue({ code: "custom", path: ["alt"], message: alt.error.issues[0].message });
  if (fileChosen(photo.file)) return;
  if (!photo.id) ctx.addIssue({ code: "custom", path: ["id"], message: PHOTO_MESSAGES.missing });
  // The form never sends the size: the server sets it from the stored image (the browser cannot know it).
  else if ((!photo.width || !photo.height) && !inBrowser()) {
    ctx.addIssue({ code: "custom", path: ["id"], message: PHOTO_MESSAGES.notFound });
  }
}

function toStored(photo: PhotoInput): { id: string; alt: string; width: number; height: number } {
  return { id: photo.id ?? "", alt: (photo.alt ?? "").trim(), width: photo.width ?? 0, height: photo.height ?? 0 };
}

export const storedPhoto = photoInput.superRefine(checkPhoto).transform(toStored);
export type StoredPhoto = z.output<typeof storedPhoto>;

/** A photo a section may go without: none (no id, no file chosen, or "Remover a foto" checked) is null. */
export const optionalStoredPhoto = photoInput
  .nullish()
  .superRefine((photo, ctx) => {
    if (!noPhoto(photo)) checkPhoto(photo!, ctx);
  })
  .transform((photo) => (noPhoto(photo) ? null : toStored(photo!)));

export const NO_BRACES_MESSAGE = "Este campo não usa campos entre chaves: escreva o texto como deve aparecer no site, sem { }";

/** Every text in `value` with the key it sits under and its path (arrays by index). */
function textsIn(value: unknown, path: (string | number)[] = []): { key: string; path: (string | number)[]; text: string }[] {
  if (typeof value === "string")
    return [{ key: String(path.findLast((part) => typeof part === "string") ?? ""), path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsIn(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => textsIn(item, [...path, key]));
  return [];
}

/**
 * A studio form's schema with the brace rule over every text it saves: a field the site renders
 * with placeholders (`placeholderFields`, by key) may use only known ones with closed braces; any
 * other field may not use braces at all, since the site would show them as typed ("{bolsa}").
 */
export function studioFormSchema<T>(schema: z.ZodType<T>, placeholderFields: readonly string[] = []): z.ZodType<T> {
  return schema.superRefine((value, ctx) => {
    for (const { key, path, text } of textsIn(value)) {
      if (!/[{}]/.test(text)) continue;
      const message = placeholderFields.includes(key) ? placeholderProblem(text) : NO_BRACES_MESSAGE;
      if (message) ctx.addIssue({ code: "custom", path, message });
    }
  });
}
