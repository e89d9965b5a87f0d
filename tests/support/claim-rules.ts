/**
 * The claims rules every text a visitor reads is checked against (decision 081): the public pages'
 * walk (tests/process/claims-mutation.spec.ts) and the e-mails' (app/features/email/person-emails.integration.test.ts).
 */

/**
 * What no page or e-mail may say in any state: a placeholder the renderer did not fill, or a sentence
 * left standing after its figure was taken out ("Bolsa de até", "com bolsas de até .", "a partir de .").
 */
export const UNFILLED: Array<[string, RegExp]> = [
  ["a raw {token}", /\{[a-z_]+\}/],
  ["a sentence whose figure was removed", /\bde até(?!\s*(?:\d|R\$))|\ba partir de\s*[.,;:)]/i],
];

/** What nothing may say while no course has its recognition act entered (decision 143). */
export const RECOGNITION_WITHOUT_ACTS: Array<[string, RegExp]> = [
  ["a recognition claim without its acts", /reconhecid[oa]s? pelo MEC/i],
];

/** What nothing may promise once the campaign is over. */
export const PROMISE_OVER: Array<[string, RegExp]> = [["a 24-hour promise", /vale por 24 horas|nas próximas 24 horas/i]];

/** The rules `text` breaks, as "<rule>: …<the words around it>…". */
export function brokenRules(text: string, rules: Array<[string, RegExp]>): string[] {
  return rules.flatMap(([rule, pattern]) => {
    const match = pattern.exec(text);
    return match ? [`${rule}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`] : [];
  });
}
