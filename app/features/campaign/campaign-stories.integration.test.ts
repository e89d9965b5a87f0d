import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { campaignContent, campaignPageData } from "~/features/campaign/campaign.server";
import {
  CONSENT_DATE_MESSAGE,
  CONSENT_FUTURE_MESSAGE,
  CONSENT_METHOD_MESSAGE,
  STORY_COURSE_MESSAGE,
} from "~/features/campaign/stories";
import { campaignStoriesContent } from "~/features/campaign/stories.server";
import { coursesContent } from "~/features/courses/courses.server";
import { startAdminSession } from "~/features/staff/auth.server";
import { createAdmin } from "~/features/staff/users.server";
import { action as storiesAction } from "~/features/studio/../campaign/stories-studio";
import { NO_BRACES_MESSAGE } from "~/features/studio/fields";
import { launchChecklist } from "~/features/studio/launch-checklist.server";
import { getEntry, getSingleton, listEntries, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";

/**
 * The campaign's "Histórias de Sucesso" as studio items, against a real SQLite file: a story is
 * saved only with its person's consent (a day not after today, and how), names an active course,
 * refuses braces; the page shows the ones switched on whose course is active, none once the
 * campaign has ended; the launch checklist lists the shown ones without consent.
 */

const TODAY = new Date("2026-12-03T15:00:00Z");
let cookie = "";

beforeAll(async () => {
  const admin = await createAdmin("historias@exemplo.com", "senha-do-marketing-1");
  cookie = cookieFrom(new Response(null, { headers: { "Set-Cookie": await startAdminSession(getRequest("/"), admin) } }));
});

afterEach(() => {
  vi.useRealTimers();
});

/** Posts the story form at TODAY (São Paulo's 2026-12-03). */
function post(fields: Record<string, string>) {
  vi.useFakeTimers({ now: TODAY, toFake: ["Date"] });
  return settle(() =>
    storiesAction(
      args(formRequest("/admin/conteudo/historias", { intent: "salvar", version: "0", item: "", ...fields }, { cookie })),
    ),
  );
}

const STORY = {
  name: "Joana Prado",
  course: "Administração",
  text: "Comecei na campanha e não parei mais.",
  active: "on",
  consentDate: "2026-11-20",
  consentMethod: "termo assinado",
};

const shownNames = () => campaignPageData(TODAY).stories.map((story) => story.name);

describe("campaign stories in the studio", () => {
  it("the seed's three stories are shown as before, and listed on the checklist for their missing consent", () => {
    expect(shownNames()).toEqual(["Mariana Costa", "Rafael Oliveira", "Luana Ferreira"]);
    const item = launchChecklist(TODAY).find((entry) => entry.section === "Histórias da campanha");
    expect(item?.to).toBe("/admin/conteudo/historias");
    expect(item?.text).toMatch(/^3 histórias da campanha estão publicadas sem consentimento registrado \(ex\.: Mariana Costa\)/);
  });

  it("a story switched on without consent is refused next to both fields, nothing saved", async () => {
    const before = listEntries(campaignStoriesContent).length;
    const answer = await post({ ...STORY, consentDate: "", consentMethod: "" });
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.consentDate).toEqual([CONSENT_DATE_MESSAGE]);
    expect(payload(answer).result.error.consentMethod).toEqual([CONSENT_METHOD_MESSAGE]);
    expect(listEntries(campaignStoriesContent)).toHaveLength(before);
  });

  it("a consent dated after today is refused; today itself is accepted", async () => {
    const future = await post({ ...STORY, consentDate: "2026-12-04" });
    expect(payload(future).result.error.consentDate).toEqual([CONSENT_FUTURE_MESSAGE]);
    expect(shownNames()).not.toContain(STORY.name);
    const today = await post({ ...STORY, consentDate: "2026-12-03" });
    expect(statusOf(today)).toBe(303);
    expect(shownNames().at(-1)).toBe(STORY.name);
    const saved = listEntries(campaignStoriesContent).find((entry) => entry.data.name === STORY.name)!;
    expect(saved.data).toMatchObject({ consentDate: "2026-12-03", consentMethod: "termo assinado", active: true });
  });

  it("a course outside the active catalogue and braces in a text are refused next to the field", async () => {
    const course = await post({ ...STORY, name: "Outra Pessoa", course: "Técnico em Enfermagem" });
    expect(payload(course).result.error.course).toEqual([STORY_COURSE_MESSAGE]);
    const braces = await post({ ...STORY, name: "Outra Pessoa", text: "Ganhei {bolsa} de desconto." });
    expect(payload(braces).result.error.text).toEqual([NO_BRACES_MESSAGE]);
    expect(listEntries(campaignStoriesContent).some((entry) => entry.data.name === "Outra Pessoa")).toBe(false);
  });

  it("a seed story switched off leaves the page and the checklist without a consent", async () => {
    const seed = getEntry(campaignStoriesContent, "1")!;
    const answer = await post({
      item: seed.id,
      version: String(seed.version),
      name: seed.data.name,
      course: seed.data.course,
      text: seed.data.text,
    });
    expect(statusOf(answer)).toBe(303);
    expect(getEntry(campaignStoriesContent, "1")!.data.active).toBe(false);
    expect(shownNames()).not.toContain("Mariana Costa");
    const item = launchChecklist(TODAY).find((entry) => entry.section === "Histórias da campanha");
    expect(item?.text).toMatch(
      /^2 histórias da campanha estão publicadas sem consentimento registrado \(ex\.: Rafael Oliveira\)/,
    );
  });

  it("a story whose course is switched off in the catalogue is not shown", () => {
    const course = listEntries(coursesContent).find((entry) => entry.data.name === "Pós-graduação em Gestão de Pessoas")!;
    const saved = saveEntry(coursesContent, {
      id: course.id,
      data: { ...course.data, active: false },
      expectedVersion: course.version,
      by: "teste@example.com",
    });
    expect(saved.ok).toBe(true);
    expect(shownNames()).not.toContain("Rafael Oliveira");
    expect(shownNames()).toContain("Luana Ferreira");
  });

  it("no story once the campaign has ended, and none on the checklist", () => {
    const campaign = getSingleton(campaignContent);
    saveEntry(campaignContent, {
      id: SINGLETON_ID,
      data: { ...campaign.data, endMode: "date", endDate: "2026-11-30" },
      expectedVersion: campaign.version,
      by: "teste@example.com",
    });
    expect(campaignPageData(TODAY).ended).toBe(true);
    expect(campaignPageData(TODAY).stories).toEqual([]);
    expect(launchChecklist(TODAY).some((entry) => entry.section === "Histórias da campanha")).toBe(false);
  });
});
