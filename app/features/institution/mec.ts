import { z } from "zod";

import { optionalChecked, optionalGrade, optionalYear } from "~/features/courses/course-offer";
import { optionalText } from "~/features/studio/fields";

/**
 * What the MEC requires the institution's own site to say about it (decision 084): its e-MEC code
 * and the e-MEC seal with a QR code to its record (Portaria MEC 879/2022), its IGC and CI with their
 * years, its leaders (dirigentes), and the Encarregado of the privacy policy (LGPD art. 41). All
 * empty on a fresh site (never invented); the overview lists what is missing.
 */

export const EMEC_CODE_MESSAGE = "Código e-MEC inválido - use só os números, ex.: 1234";
export const EMEC_URL_MESSAGE = "Link do e-MEC inválido - copie o endereço da consulta em https://emec.mec.gov.br";
export const DPO_EMAIL_MESSAGE = "E-mail inválido - ex.: encarregado@instituicao.edu.br";
export const GRADE_YEAR_MESSAGE = "Informe o conceito e o ano juntos";

export const institutionMecShape = {
  emecCode: optionalChecked((value) => /^\d{1,8}$/.test(value), EMEC_CODE_MESSAGE),
  emecUrl: optionalChecked((value) => {
    if (value.length > 500) return false;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname === "emec.mec.gov.br";
    } catch {
      return false;
    }
  }, EMEC_URL_MESSAGE),
  igcGrade: optionalGrade,
  igcYear: optionalYear,
  ciGrade: optionalGrade,
  ciYear: optionalYear,
  /** "Nome - Cargo", one per line. */
  leaders: z
    .array(z.string().trim().min(1).max(160, "Use no máximo 160 caracteres por linha"))
    .max(12, "Use no máximo 12 linhas")
    .default([]),
  /** The Encarregado pelo tratamento de dados pessoais (LGPD art. 41). */
  dpoName: optionalText(120),
  dpoEmail: optionalChecked((value) => value.length <= 254 && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value), DPO_EMAIL_MESSAGE),
};

/** A grade needs its year and a year its grade. */
export function mecIssues(value: { igcGrade: string; igcYear: string; ciGrade: string; ciYear: string }) {
  const issues: Array<{ path: string; message: string }> = [];
  for (const [grade, year] of [
    ["igcGrade", "igcYear"],
    ["ciGrade", "ciYear"],
  ] as const) {
    if (value[grade] && !value[year]) issues.push({ path: year, message: GRADE_YEAR_MESSAGE });
    if (!value[grade] && value[year]) issues.push({ path: grade, message: GRADE_YEAR_MESSAGE });
  }
  return issues;
}

/** The seal's place in every page's footer: only when the studio has both the code and the record's link. */
export type EmecSeal = { code: string; url: string; qrSvg: string };
