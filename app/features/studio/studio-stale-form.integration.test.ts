import { beforeAll, describe, expect, it } from "vitest";

import { clubPagesContent, getClubPages } from "~/features/club/club.server";
import * as clubStudio from "~/features/studio/../club/studio";
import { getEntry, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { formRequest, renderPage } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * A studio form refused without JavaScript (a field left empty, a list button, a save somebody else
 * got in first) comes back with what was typed: every field of the document as it was when the
 * form was opened. It must go back with the version it was opened with too; with the stored one,
 * the next "Salvar" would write those old values over a colleague's save without a word (the
 * e2e "employee page" test saw its text come back after it had been put back).
 */

const PATH = "/admin/conteudo/clube";
let cookie = "";

beforeAll(async () => {
  cookie = (await signedInStaff("admin", "versao@exemplo.com", "senha-da-versao-123")).cookie;
});

/** The club form's fields as a browser would post them: the stored document at `version`. */
function clubForm(version: number): Record<string, string> {
  const pages = getClubPages();
  const fields: Record<string, string> = {
    version: String(version),
    gamesIntro: pages.gamesIntro,
    noGamesText: pages.noGamesText,
    ...Object.fromEntries(Object.entries(pages.employee).map(([key, value]) => [`employee.${key}`, String(value)])),
  };
  pages.games.forEach((game, i) => {
    Object.assign(fields, {
      [`games[${i}].opponent`]: game.opponent,
      [`games[${i}].date`]: game.date,
      [`games[${i}].time`]: game.time,
      [`games[${i}].location`]: game.location,
      [`games[${i}].round`]: game.round,
    });
    if (game.highlight) fields[`games[${i}].highlight`] = "on";
  });
  return fields;
}

/** A colleague's save of the employee page's opening text, over the stored version. */
function colleagueSaves(heroText: string): number {
  const entry = getEntry(clubPagesContent, SINGLETON_ID)!;
  const pages = getClubPages();
  const saved = saveEntry(clubPagesContent, {
    id: SINGLETON_ID,
    data: { ...pages, employee: { ...pages.employee, heroText } },
    expectedVersion: entry.version,
    by: "colega@exemplo.com",
  });
  if (!saved.ok) throw new Error("the colleague's save was refused");
  return saved.version;
}

/** The page a post without JavaScript gets back, and the version its form would post next. */
async function postWithoutJavaScript(fields: Record<string, string>) {
  const { status, html } = await renderPage(clubStudio, PATH, formRequest(PATH, fields, { cookie }));
  const version = /<input type="hidden" name="version" value="(\d+)"\/>/.exec(html)?.[1];
  return { status, html, version: Number(version) };
}

describe("a studio form refused without JavaScript keeps the version it was opened with", () => {
  it("a field left empty: the page comes back with the opened version, so the next save is refused as stale", async () => {
    const opened = getEntry(clubPagesContent, SINGLETON_ID)!.version;
    const typed = { ...clubForm(opened), "employee.formText": "" };
    const colleagues = colleagueSaves("O texto de abertura da colega.");

    const refused = await postWithoutJavaScript(typed);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Campo obrigatório");
    expect(refused.version).toBe(opened);
    expect(refused.version).not.toBe(colleagues);

    // The same form, its field now filled, sent again: refused, and the colleague's text stays.
    const again = await postWithoutJavaScript({
      ...typed,
      "employee.formText": "Mande o seu currículo.",
      version: String(refused.version),
    });
    expect(again.status).toBe(409);
    expect(again.html).toContain("Este conteúdo foi alterado por colega@exemplo.com");
    expect(getClubPages().employee.heroText).toBe("O texto de abertura da colega.");
    expect(getClubPages().employee.formText).not.toBe("Mande o seu currículo.");
    expect(getEntry(clubPagesContent, SINGLETON_ID)!.version).toBe(colleagues);
  });

  it("a save somebody else got in first: pressing 'Salvar' again on the answer is refused again", async () => {
    const opened = getEntry(clubPagesContent, SINGLETON_ID)!.version;
    const typed = { ...clubForm(opened), "employee.formTitle": "Trabalhe na universidade" };
    const colleagues = colleagueSaves("Outro texto da colega.");

    const conflict = await postWithoutJavaScript(typed);
    expect(conflict.status).toBe(409);
    expect(conflict.version).toBe(opened);
    const again = await postWithoutJavaScript({ ...typed, version: String(conflict.version) });
    expect(again.status).toBe(409);
    expect(getClubPages().employee.heroText).toBe("Outro texto da colega.");
    expect(getEntry(clubPagesContent, SINGLETON_ID)!.version).toBe(colleagues);
  });

  it("'Adicionar jogo' without JavaScript: the longer form still posts the version it was opened with", async () => {
    const opened = getEntry(clubPagesContent, SINGLETON_ID)!.version;
    const typed = { ...clubForm(opened), __intent__: JSON.stringify({ type: "insert", payload: { name: "games" } }) };
    colleagueSaves("Mais um texto da colega.");

    const answer = await postWithoutJavaScript(typed);
    expect(answer.status).toBe(200);
    expect(answer.version).toBe(opened);
  });
});
