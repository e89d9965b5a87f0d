import { z } from "zod";

import { itemField } from "~/features/home/content";
import { DATE_MESSAGE, isoDate, optionalStoredPhoto, optionalText, requiredText } from "~/features/studio/fields";

/**
 * The campaign page's "Histórias de Sucesso" (studio page "Histórias da campanha"): one document
 * per person. A story names a course of the catalogue and is shown only while that course is
 * active, it is switched on, and the campaign runs. Publishing a person's name, words and photo
 * needs their consent (LGPD art. 7º, I): the form refuses a story switched on without the day and
 * the way it was given. The seed's stories have none: the launch checklist lists them while shown.
 */
export const campaignStorySchema = z.object({
  name: requiredText(80),
  /** The course's name as the catalogue has it. */
  course: requiredText(120),
  text: requiredText(600),
  /** A picture under public/ (the seeded avatars), shown while there is no uploaded photo. "" = initials. */
  image: optionalText(300),
  /** The person's photo uploaded in the studio (preferred over `image`). */
  photo: optionalStoredPhoto,
  active: z.boolean(),
  /** The day the person agreed (AAAA-MM-DD); "" only in the seed's stories. */
  consentDate: z.literal("").or(isoDate),
  /** How they agreed ("termo assinado", "e-mail", "formulário"); "" only in the seed's stories. */
  consentMethod: optionalText(120),
});
export type CampaignStory = z.infer<typeof campaignStorySchema>;

export const STORY_COURSE_MESSAGE = "Escolha um curso ativo do catálogo";
export const CONSENT_DATE_MESSAGE = "Informe a data em que a pessoa autorizou a publicação";
export const CONSENT_FUTURE_MESSAGE = "A data do consentimento não pode ser depois de hoje";
export const CONSENT_METHOD_MESSAGE = "Informe como o consentimento foi dado (ex.: termo assinado, e-mail, formulário)";

/** Whether a story carries the consent the form asks for (the seed's do not). */
export function hasConsent(story: Pick<CampaignStory, "consentDate" | "consentMethod">): boolean {
  return story.consentDate !== "" && story.consentMethod !== "";
}

/**
 * The story form at `today` (AAAA-MM-DD, São Paulo), for the active catalogue's course names: the
 * course one of them; a story switched on needs its consent (the day, a real one not after today,
 * and the way it was given). A story switched off is not published, so it may wait for its consent
 * (that is how a seed story leaves the page without one). The seeded picture path is not edited;
 * the uploaded photo is.
 */
export function campaignStoryFormSchema(today: string, courseNames: readonly string[]) {
  return campaignStorySchema
    .omit({ image: true })
    .extend({
      item: itemField,
      course: z.string({ error: STORY_COURSE_MESSAGE }).refine((value) => courseNames.includes(value), STORY_COURSE_MESSAGE),
      active: z
        .boolean()
        .optional()
        .transform((value) => value ?? false),
      consentDate: z
        .string()
        .trim()
        .optional()
        .transform((value) => value ?? ""),
      consentMethod: optionalText(120),
    })
    .superRefine((story, ctx) => {
      if (story.consentDate !== "") {
        if (!isoDate.safeParse(story.consentDate).success) {
          ctx.addIssue({ code: "custom", path: ["consentDate"], message: DATE_MESSAGE });
        } else if (story.consentDate > today) {
          ctx.addIssue({ code: "custom", path: ["consentDate"], message: CONSENT_FUTURE_MESSAGE });
        }
      } else if (story.active) {
        ctx.addIssue({ code: "custom", path: ["consentDate"], message: CONSENT_DATE_MESSAGE });
      }
      if (story.consentMethod === "" && story.active) {
        ctx.addIssue({ code: "custom", path: ["consentMethod"], message: CONSENT_METHOD_MESSAGE });
      }
    });
}
