import { z } from "zod";

import { type CampaignDeadline, parseCampaignEnd } from "~/features/campaign/campaign";
import { placeholderProblem, type PlaceholderValues, renderPlaceholders } from "~/features/institution/placeholders";
import { DATE_MESSAGE, isoDate, optionalStoredPhoto, optionalText, requiredText } from "~/features/studio/fields";
import { formatNumber } from "~/shared/format";

/**
 * The home page's own content (studio page "Página inicial"): the hero's texts, the three stats and
 * the countdown. The stats are claims about the catalogue and the offers, so by default they are
 * derived from them (see homeStats); the studio may override the course and polo counts, and may
 * lower the scholarship figure, never raise it above the largest discount of the active offers.
 */

export const COUNTDOWN_MODES = ["date", "campaign", "hidden"] as const;
export type CountdownMode = (typeof COUNTDOWN_MODES)[number];

export const COUNTDOWN_MODE_LABELS: Record<CountdownMode, string> = {
  date: "Até uma data",
  campaign: "Usar o prazo da campanha",
  hidden: "Não mostrar contagem",
};

export const COUNT_MESSAGE = "Use um número inteiro entre 1 e 100000 (ou deixe vazio para calcular)";
export const PERCENT_MESSAGE = "Use um número inteiro entre 1 e 100 (ou deixe vazio para usar o maior desconto)";
export const COUNTDOWN_DATE_MESSAGE = "Informe a data final da contagem";

/** A number the studio may leave empty: empty (null) means "derive it". */
function optionalWholeNumber(max: number, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

/** The texts that may carry the stats' tokens ({bolsa}, {cursos}, {polos}) and must not promise more than the offers give. */
export const HOME_TEXT_FIELDS = ["heroBadge", "heroTitle", "heroHighlight", "heroText", "countdownTitle"] as const;

/** A text that, given today's largest discount, may not write a larger percentage ("até 70%" when the offers give 60%). */
function honestText(max: number, largestDiscount: number | undefined) {
  const text = requiredText(max);
  if (largestDiscount === undefined) return text;
  return placeholderText(honestPercent(text, largestDiscount));
}

function honestPercent(text: z.ZodType<string>, largestDiscount: number) {
  return text.superRefine((value, ctx) => {
    const [above] = percentagesAbove(value, largestDiscount);
    if (above !== undefined) ctx.addIssue({ code: "custom", message: percentMessage(above, largestDiscount) });
  });
}

/**
 * The home document's schema. With `largestDiscount` (the studio's form) it also applies the
 * honesty rules that depend on today's offers; the stored document is read without them (offers
 * change after a save: the overview warns instead, and the page never shows a bolsa above them).
 */
function buildHomeSchema(largestDiscount?: number) {
  const percent = optionalWholeNumber(100, PERCENT_MESSAGE);
  return z
    .object({
      heroBadge: honestText(60, largestDiscount),
      heroTitle: honestText(80, largestDiscount),
      /** The highlighted end of the title ("bolsa de até {bolsa}"). */
      heroHighlight: honestText(80, largestDiscount),
      heroText: honestText(300, largestDiscount),
      /** Overrides of the derived stats: null = derived from the active catalogue / offers. */
      courseCount: optionalWholeNumber(100_000, COUNT_MESSAGE),
      poloCount: optionalWholeNumber(100_000, COUNT_MESSAGE),
      scholarshipPercent:
        largestDiscount === undefined
          ? percent
          : percent.refine(
              (value) => value === null || value <= largestDiscount,
              `A bolsa anunciada não pode passar do maior desconto das ofertas ativas (${largestDiscount}%)`,
            ),
      countdownMode: z.enum(COUNTDOWN_MODES, { error: "Escolha uma opção" }),
      /** AAAA-MM-DD: the countdown runs to 23:59:59 of that day in São Paulo ("" unless the mode is "date"). */
      countdownDate: z
        .union([z.literal(""), isoDate], { error: DATE_MESSAGE })
        .optional()
        .transform((value) => value ?? ""),
      countdownTitle: honestText(120, largestDiscount),
      /** The photo beside the hero text (desktop); none: the illustration. */
      heroPhoto: optionalStoredPhoto,
      /**
       * Social proof of the vocational test (decision 081): typed by the marketing team from their own
       * figures, never by the code; "" hides the claim (the seed leaves both empty).
       */
      proofTestTakers: optionalText(30),
      proofSatisfaction: optionalText(30),
    })
    .superRefine((home, ctx) => {
      if (home.countdownMode === "date" && !home.countdownDate) {
        ctx.addIssue({ code: "custom", path: ["countdownDate"], message: COUNTDOWN_DATE_MESSAGE });
      }
    });
}

export const homeSchema = buildHomeSchema();

/** The studio form's schema: the document's rules plus the honesty rules that depend on today's offers. */
export function homeFormSchema(largestDiscount: number) {
  return buildHomeSchema(largestDiscount);
}

export type HomeContent = z.infer<typeof homeSchema>;

/** What the stats are derived from: the active catalogue and the active offers. */
export type HomeFacts = { activeCourses: number; activePolos: number; largestDiscount: number };

export type HomeStats = {
  /** As shown: "70+", "1000+", "60%". */
  courses: string;
  polos: string;
  bolsa: string;
  /** The numbers behind them (for sentences: "mais de 1.000 polos"). */
  courseClaim: number;
  poloClaim: number;
  bolsaPercent: number;
};

/**
 * The rounding rule of a derived count: down to the ten, shown "N+" (77 courses → "70+"), so the
 * claim is never more than the catalogue holds; below ten the exact number.
 */
export function roundedClaim(count: number): number {
  return count >= 10 ? Math.floor(count / 10) * 10 : Math.max(0, Math.floor(count));
}

function claimText(claim: number, count: number): string {
  return claim < count || count >= 10 ? `${claim}+` : String(claim);
}

/** The stats the home page shows: overrides where set, derived otherwise; the scholarship never above the largest discount. */
export function homeStats(
  home: Pick<HomeContent, "courseCount" | "poloCount" | "scholarshipPercent">,
  facts: HomeFacts,
): HomeStats {
  const courseClaim = home.courseCount ?? roundedClaim(facts.activeCourses);
  const poloClaim = home.poloCount ?? roundedClaim(facts.activePolos);
  const bolsaPercent = Math.min(home.scholarshipPercent ?? facts.largestDiscount, facts.largestDiscount);
  return {
    courses: home.courseCount === null ? claimText(courseClaim, facts.activeCourses) : `${courseClaim}+`,
    polos: home.poloCount === null ? claimText(poloClaim, facts.activePolos) : `${poloClaim}+`,
    // No campaign running: no percentage at all, never "0%" (decision 081).
    bolsa: bolsaPercent > 0 ? `${bolsaPercent}%` : "",
    courseClaim,
    poloClaim,
    bolsaPercent,
  };
}

/**
 * Fills a text's placeholders ({bolsa}, {cursos}, {polos}, {campanha}, {marca}, …) with the stats and
 * the other values (pt-BR numbers: "1.000"); null when one has no value now (no campaign: no {bolsa}).
 */
export function fillStats(text: string, stats: HomeStats, values: PlaceholderValues = {}): string | null {
  return renderPlaceholders(text, {
    ...values,
    bolsa: stats.bolsa,
    cursos: stats.courseClaim > 0 ? formatNumber(stats.courseClaim) : "",
    polos: stats.poloClaim > 0 ? formatNumber(stats.poloClaim) : "",
  });
}

/** A text field the studio saves: its placeholders must be known and its braces balanced (decision 081). */
export function placeholderText(field: z.ZodType<string>) {
  return field.superRefine((value, ctx) => {
    const problem = placeholderProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/**
 * Percentages written into a text that are larger than the largest discount of the active offers
 * ("até 70%" when the offers top out at 60%): the rule the studio checks when saving.
 */
export function percentagesAbove(text: string, largestDiscount: number): number[] {
  return [...text.matchAll(/(\d{1,3})\s*%/g)].map((match) => Number(match[1])).filter((value) => value > largestDiscount);
}

export function percentMessage(value: number, largestDiscount: number): string {
  return `O texto anuncia ${value}%, mais que o maior desconto das ofertas ativas (${largestDiscount}%). Use {bolsa} para mostrar o percentual certo.`;
}

/** The end of the countdown's date: 23:59:59 of that day in São Paulo. */
export function countdownDateEnd(date: string): Date | null {
  return parseCampaignEnd(date);
}

/** What the home countdown shows: a deadline still ahead, or nothing. */
export type HomeCountdownView = { endsAt: string; rolling: boolean } | null;

/**
 * The home countdown at `now`. It never shows a deadline that has passed (no 00:00:00:00 under a
 * call to hurry, decision 038): a date that has passed gives way to the campaign's deadline when
 * that one is still ahead, and otherwise the countdown is hidden.
 */
export function resolveHomeCountdown(
  home: Pick<HomeContent, "countdownMode" | "countdownDate">,
  campaign: CampaignDeadline | null,
  now: Date,
): HomeCountdownView {
  const ahead = (iso: string) => new Date(iso).getTime() > now.getTime();
  const campaignView = campaign && ahead(campaign.endsAt) ? { endsAt: campaign.endsAt, rolling: campaign.rolling } : null;
  if (home.countdownMode === "hidden") return null;
  if (home.countdownMode === "campaign") return campaignView;
  const end = countdownDateEnd(home.countdownDate);
  if (end && end.getTime() > now.getTime()) return { endsAt: end.toISOString(), rolling: false };
  return campaignView;
}

/** FAQ items (studio page "FAQ"): one document per question, in the page's order. */
export const faqItemSchema = z.object({
  question: requiredText(200),
  answer: requiredText(2000),
});
export type FaqItemContent = z.infer<typeof faqItemSchema>;

/** Testimonials (studio page "Depoimentos"): one document per student. */
export const testimonialSchema = z.object({
  name: requiredText(80),
  course: requiredText(120),
  text: requiredText(600),
  /** A picture under public/ (the seeded avatars), shown while there is no uploaded photo. "" = initials. */
  image: optionalText(300),
  /** The student's photo uploaded in the studio (preferred over `image`). */
  photo: optionalStoredPhoto,
});
export type TestimonialContent = z.infer<typeof testimonialSchema>;

/** The hidden id of a list item's form ("" for a new item). */
export const itemField = z
  .string()
  .max(64)
  .optional()
  .transform((value) => value ?? "");

/** The FAQ item form: the item plus the rule that no answer promises more than the offers give. */
export function faqFormSchema(largestDiscount: number) {
  return faqItemSchema.extend({ item: itemField }).superRefine((item, ctx) => {
    for (const field of ["question", "answer"] as const) {
      const problem = placeholderProblem(item[field]);
      if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
      const [above] = percentagesAbove(item[field], largestDiscount);
      if (above !== undefined) ctx.addIssue({ code: "custom", path: [field], message: percentMessage(above, largestDiscount) });
    }
  });
}

/** The testimonial form (the seeded picture path is not edited; the uploaded photo is). */
export const testimonialFormSchema = testimonialSchema
  .omit({ image: true })
  .extend({ item: itemField })
  .superRefine((item, ctx) => {
    for (const field of ["name", "course", "text"] as const) {
      const problem = placeholderProblem(item[field]);
      if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
    }
  });
