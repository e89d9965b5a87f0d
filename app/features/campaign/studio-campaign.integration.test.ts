import { beforeAll, describe, expect, it } from "vitest";

import { loader as employeeLoader } from "~/features/careers/page";
import { clubPageData, clubPagesContent, clubWarnings, getClubPages } from "~/features/club/club.server";
import { action as clubAction, loader as clubStudioLoader } from "~/features/club/studio";
import { siteClaims } from "~/features/home/home.server";
import { publicSite } from "~/features/site/site.server";
import { NO_BRACES_MESSAGE } from "~/features/studio/fields";
import { loader as overviewLoader } from "~/features/studio/overview";
import { getEntry, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { expectStaleSave } from "../../../tests/support/saved-content";
import { signedInStaff } from "../../../tests/support/staff-login";
import {
  activeOffers,
  campaignContent,
  campaignDeadlineFor,
  campaignPageData,
  campaignWarnings,
  courseBolsa,
  getCampaign,
  largestActiveDiscount,
} from "./campaign.server";
import { type Campaign, campaignProblems, campaignSchema } from "./content";
import { loader as campaignPageLoader } from "./page";
import { loader as scholarshipsLoader } from "./scholarships";
import { action as campaignAction, loader as campaignLoader } from "./studio";

/** The day the issue was filed: a fresh deployment on it must show nothing expired. */
const FRESH = new Date("2026-11-23T15:00:00Z");

/** The form's fields for a campaign document, as the studio page posts them. */
function formOf(campaign: Campaign, version: number): Record<string, string> {
  const price = (value: number) => value.toFixed(2).replace(".", ",");
  const fields: Record<string, string> = {
    version: String(version),
    title: campaign.title,
    headlinePercent: String(campaign.headlinePercent),
    endMode: campaign.endMode,
    endDate: campaign.endDate,
    closingTitle: campaign.closingTitle,
    closingText: campaign.closingText,
    selectedCoursesPercent: String(campaign.selectedCoursesPercent),
  };
  campaign.offers.forEach((offer, i) => {
    Object.assign(fields, {
      [`offers[${i}].title`]: offer.title,
      [`offers[${i}].firstPayment`]: price(offer.firstPayment),
      [`offers[${i}].scholarshipPercent`]: String(offer.scholarshipPercent),
      [`offers[${i}].details`]: offer.details,
      [`offers[${i}].validUntil`]: offer.validUntil,
    });
    if (offer.highlight) fields[`offers[${i}].highlight`] = "on";
    offer.levels.forEach((level, j) => (fields[`offers[${i}].levels[${j}]`] = level));
    offer.formats.forEach((format, j) => (fields[`offers[${i}].formats[${j}]`] = format));
  });
  campaign.prices.forEach((card, i) => {
    Object.assign(fields, {
      [`prices[${i}].title`]: card.title,
      [`prices[${i}].firstPayment`]: price(card.firstPayment),
      [`prices[${i}].remainingPrice`]: price(card.remainingPrice),
      [`prices[${i}].validUntil`]: card.validUntil,
    });
    if (card.remainingFrom) fields[`prices[${i}].remainingFrom`] = "on";
  });
  return fields;
}

/** Writes a campaign straight into the store (the studio's rules are tested through its action below). */
function store(change: (campaign: Campaign) => Campaign) {
  const entry = getEntry(campaignContent, SINGLETON_ID)!;
  const result = saveEntry(campaignContent, {
    id: SINGLETON_ID,
    data: change(structuredClone(entry.data)),
    expectedVersion: entry.version,
    by: "teste",
  });
  expect(result.ok).toBe(true);
}

describe("campaign seed: a fresh deployment is consistent", () => {
  it("the headline promises exactly the best offer (50% + 10% = 60%, not 70%), and the closing text agrees", () => {
    const campaign = getCampaign();
    expect(campaign.headlinePercent).toBe(60);
    expect(largestActiveDiscount(FRESH)).toBe(60);
    expect(campaign.closingText).toContain("até 60% de desconto");
    expect(campaignProblems(campaign, FRESH)).toEqual([]);
    expect(campaignWarnings(FRESH)).toEqual([]);
  });

  it("both dates on the campaign page are the one rolling deadline (28/11 on 23/11), never 14/04", () => {
    const page = campaignPageData(FRESH);
    expect(page.ended).toBe(false);
    expect(page.deadline).toEqual({ endsAt: "2026-11-29T02:59:59.000Z", rolling: true });
    expect(page.offers).toHaveLength(6);
    expect(page.prices).toHaveLength(4);
    expect(page.offers.every((offer) => offer.validUntilText === "")).toBe(true);
    expect(page.offers.map((offer) => offer.discountText)).toContain("Até 60% de desconto");
    expect(JSON.stringify(page)).not.toContain("14/04");
    expect(campaignDeadlineFor(FRESH)).toEqual({ endsAt: "2026-11-29T02:59:59.000Z", rolling: true });
  });
});

describe("campaign accessors at an injected now", () => {
  it("a card past its own date is left out, the largest discount follows, and the overview warns", () => {
    store((campaign) => {
      campaign.offers[0].validUntil = "2026-11-25"; // Graduação, the 60% card
      campaign.prices[3].validUntil = "2026-11-25";
      return campaign;
    });
    const before = new Date("2026-11-25T20:00:00Z"); // 17:00 in São Paulo, still the 25th
    expect(activeOffers(before).map((offer) => offer.title)).toContain("Graduação");
    expect(campaignPageData(before).offers[0].validUntilText).toBe("25/11");
    expect(largestActiveDiscount(before)).toBe(60);

    const after = new Date("2026-11-26T03:00:00Z"); // 00:00 of the 26th in São Paulo
    expect(activeOffers(after).map((offer) => offer.title)).not.toContain("Graduação");
    expect(largestActiveDiscount(after)).toBe(50);
    expect(campaignPageData(after).prices.map((card) => card.title)).not.toContain("Pós-graduação");
    const warnings = campaignWarnings(after).map((warning) => warning.text);
    expect(warnings).toContain('A validade de "Graduação" (25/11/2026) já passou: o cartão não aparece no site.');
    expect(warnings).toContain("O título promete até 60%, mas o maior desconto das ofertas ativas é 50%.");
  });

  it("{primeira_mensalidade} is the lowest first payment of the cards active now; none once they expired", () => {
    const saved = structuredClone(getCampaign().offers);
    store((campaign) => {
      campaign.offers = campaign.offers.map((offer, index) => ({
        ...offer,
        firstPayment: index === 0 ? 23.45 : 31.5,
        validUntil: index === 0 ? "2026-11-25" : "2026-11-27",
      }));
      return campaign;
    });
    const before = new Date("2026-11-25T20:00:00Z");
    expect(campaignPageData(before)).toMatchObject({ firstPayment: "R$ 23,45" });
    expect(campaignPageData(before).intro).toContain("primeira mensalidade a partir de R$ 23,45.");
    expect(siteClaims(before).firstPayment).toBe("R$ 23,45");
    const later = new Date("2026-11-26T12:00:00Z");
    expect(campaignPageData(later).firstPayment).toBe("R$ 31,50");
    // Every card expired: no first payment anywhere, and the intro that quotes it is not shown.
    const over = new Date("2026-11-28T12:00:00Z");
    expect(campaignPageData(over)).toMatchObject({ ended: true, firstPayment: "", intro: "" });
    expect(siteClaims(over)).toMatchObject({ firstPayment: "", campaignRunning: false });
    store((campaign) => ({ ...campaign, offers: saved }));
  });

  it("a fixed end date: the countdown ends at 23:59:59 in São Paulo, then the campaign is over (no deadline, no offer)", () => {
    store((campaign) => ({
      ...campaign,
      endMode: "date",
      endDate: "2026-11-30",
      offers: campaign.offers.map((offer) => ({ ...offer, validUntil: "" })),
      prices: campaign.prices.map((card) => ({ ...card, validUntil: "" })),
    }));
    expect(campaignDeadlineFor(new Date("2026-11-30T12:00:00Z"))).toEqual({ endsAt: "2026-12-01T02:59:59.000Z", rolling: false });
    const over = new Date("2026-12-01T03:00:00Z");
    expect(campaignDeadlineFor(over)).toBeNull();
    expect(activeOffers(over)).toEqual([]);
    expect(largestActiveDiscount(over)).toBe(0);
    expect(campaignPageData(over)).toMatchObject({ ended: true, offers: [] });
    expect(campaignWarnings(over)[0].text).toMatch(/^A campanha terminou/);
    store((campaign) => ({ ...campaign, endMode: "rolling", endDate: "" }));
  });
});

describe("studio: Campanha", () => {
  let cookie = "";

  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "campanha@exemplo.com", "senha-do-marketing-1")).cookie;
  });
  /** The admin posts the stored campaign's form with `changes` (at the stored version, or at `version`). */
  const saveCampaign = (changes: Record<string, string>, version?: number) => {
    const stored = getEntry(campaignContent, SINGLETON_ID)!;
    const fields = { ...formOf(stored.data, version ?? stored.version), ...changes };
    return campaignAction(args(formRequest("/admin/conteudo/campanha", fields, { cookie })));
  };

  it("a text the site shows as typed refuses braces next to its field; the closing text keeps its placeholders", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const answer = await saveCampaign({
      title: "{campanha} de verão",
      "offers[0].details": "Com {bolsa} garantida no primeiro ano.",
      "prices[1].title": "Pós {x",
      closingText: "Última semana da {campanha}.",
    });
    expect(statusOf(answer)).toBe(400);
    const { error } = payload(answer).result;
    expect(error.title).toEqual([NO_BRACES_MESSAGE]);
    expect(error["offers[0].details"]).toEqual([NO_BRACES_MESSAGE]);
    expect(error["prices[1].title"]).toEqual([NO_BRACES_MESSAGE]);
    expect(error.closingText).toBeUndefined();
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);
  });

  it("a price card asking less than any course of its level costs is refused on save and warned on the overview", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const graduacao = entry.data.prices.findIndex((price) => price.title === "Graduação");
    const answer = await saveCampaign({ [`prices[${graduacao}].remainingPrice`]: "99,00" });
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error[`prices[${graduacao}].remainingPrice`]).toEqual([
      'O cartão "Graduação" diz a partir de R$ 99,00, mas a menor mensalidade publicada dos cursos de graduação é R$ 149,00: use um valor que algum curso tenha',
    ]);
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);
    // The seed's own card is true: its "a partir de" is the cheapest graduação.
    expect(
      campaignWarnings(FRESH)
        .map((warning) => warning.text)
        .join(" "),
    ).not.toContain("menor mensalidade");
    // Stored below the catalogue (a course's price raised later works the same way): the overview says so.
    store((campaign) => ({
      ...campaign,
      prices: campaign.prices.map((price, i) => (i === graduacao ? { ...price, remainingPrice: 99 } : price)),
    }));
    try {
      expect(campaignWarnings(FRESH).map((warning) => warning.text)).toContain(
        'O cartão "Graduação" diz a partir de R$ 99,00, mas a menor mensalidade publicada dos cursos de graduação é R$ 149,00: use um valor que algum curso tenha.',
      );
    } finally {
      store((campaign) => ({ ...campaign, prices: entry.data.prices }));
    }
  });

  it("refuses anonymous visitors and saves nothing", async () => {
    const answer = await settle(() => campaignLoader(args(getRequest("/admin/conteudo/campanha"))));
    expect(statusOf(answer)).toBe(302);
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const post = await settle(() =>
      campaignAction(args(formRequest("/admin/conteudo/campanha", { ...formOf(entry.data, entry.version), title: "Invasão" }))),
    );
    expect(statusOf(post)).toBe(302);
    expect(getCampaign().title).not.toBe("Invasão");
  });

  it("the campaign is one story: a headline below the best card, a card above the headline, a closing text with another figure and a bad placeholder are refused field by field", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    // The case: headline 50% beside a first card "Até 60%" and a closing text "até 60%".
    const changes = {
      headlinePercent: "50",
      closingText: "Última semana: até 55% de desconto na {campanhaa}!",
      closingTitle: "Fim da {campanha",
    };
    const answer = await saveCampaign(changes);
    expect(statusOf(answer)).toBe(400);
    const { error } = payload(answer).result;
    expect(error.headlinePercent).toEqual([
      "O título diz até 50%, mas a melhor oferta ativa dá 60%: use 60% para o título contar a mesma história dos cartões",
    ]);
    const cardErrors = Object.entries(error).filter(([field]) => /^offers\[\d\]\.scholarshipPercent$/.test(field));
    expect(cardErrors.length).toBeGreaterThan(0);
    for (const [, messages] of cardErrors)
      expect((messages as string[])[0]).toMatch(
        /^O cartão ".+" dá até 60% \(bolsa \+ pontualidade\), mais que o título \(50%\)$/,
      );
    expect(error.closingText).toEqual([
      "O texto diz até 55%, mas a melhor oferta ativa dá 60%: use {bolsa} para o número acompanhar as ofertas",
      "{campanhaa} não é um campo conhecido. Use {bolsa}, {bolsa_selecionados}, {primeira_mensalidade}, {cursos}, {polos}, {polos_mg}, {estados}, {campanha}, {marca}",
    ]);
    expect(error.closingTitle).toEqual(["Chaves sem par: cada { precisa de um } (ex.: {bolsa})"]);
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);

    // The overview lists a disagreement left in the stored campaign (a card raised after the save).
    store((campaign) => ({
      ...campaign,
      offers: campaign.offers.map((offer, i) => (i === 0 ? { ...offer, scholarshipPercent: 55 } : offer)),
    }));
    try {
      const texts = campaignWarnings(FRESH).map((warning) => warning.text);
      expect(texts).toContain(
        "O título diz até 60%, mas a melhor oferta ativa dá 65%: use 65% para o título contar a mesma história dos cartões.",
      );
      expect(
        texts.some((text) => /^O cartão ".+" dá até 65% \(bolsa \+ pontualidade\), mais que o título \(60%\)\.$/.test(text)),
      ).toBe(true);
    } finally {
      store((campaign) => ({ ...campaign, offers: entry.data.offers }));
    }

    // {bolsa} and {campanha} in the closing text follow the offers on the campaign page.
    const saved = await saveCampaign({
      closingText: "Última semana da {campanha}: até {bolsa} de desconto.",
    });
    expect(statusOf(saved)).not.toBe(400);
    expect(campaignPageData(FRESH).closingText).toBe(`Última semana da ${getCampaign().title}: até 60% de desconto.`);
    store((campaign) => ({ ...campaign, closingText: entry.data.closingText }));
  });

  it("refuses untrue or invalid input with a message next to each field, keeps what was typed and saves nothing", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const changes = {
      headlinePercent: "70",
      closingText: "Última chance: até 80% de desconto!",
      "offers[1].validUntil": "2020-01-01",
    };
    const answer = await saveCampaign(changes);
    expect(statusOf(answer)).toBe(400);
    const { error, initialValue } = payload(answer).result;
    expect(error.headlinePercent).toEqual(["O título promete até 70%, mas o maior desconto das ofertas ativas é 60%"]);
    expect(error.closingText).toEqual(["O texto promete até 80%, mas o maior desconto das ofertas ativas é 60%"]);
    expect(error["offers[1].validUntil"]).toEqual([
      'A validade de "Semipresenciais B.E. e P.T." (01/01/2020) já passou: o cartão não aparece no site',
    ]);
    expect(initialValue.headlinePercent).toBe("70");
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);

    // Malformed numbers are refused before the rules compare them.
    const malformed = await saveCampaign({
      "prices[0].remainingPrice": "abc",
      "offers[2].scholarshipPercent": "35,5",
      "offers[0].firstPayment": "-5",
      "offers[4].details": "",
    });
    expect(statusOf(malformed)).toBe(400);
    const malformedErrors = payload(malformed).result.error;
    expect(malformedErrors["prices[0].remainingPrice"]).toEqual(["Valor inválido - use reais com vírgula, ex.: 19,90"]);
    expect(malformedErrors["offers[0].firstPayment"]).toEqual(["Valor inválido - use reais com vírgula, ex.: 19,90"]);
    expect(malformedErrors["offers[2].scholarshipPercent"]).toEqual(["Informe um número inteiro de 0 a 90"]);
    expect(malformedErrors["offers[4].details"]).toEqual(["Campo obrigatório"]);

    const noDate = await saveCampaign({ endMode: "date", endDate: "" });
    expect(payload(noDate).result.error.endDate).toEqual(["Informe a data de término ou escolha a janela de 5 dias"]);
    const passed = await saveCampaign({ endMode: "date", endDate: "2021-03-01" });
    expect(payload(passed).result.error.endDate).toEqual([
      "A data de término (01/03/2021) já passou: escolha uma data futura ou a janela de 5 dias",
    ]);
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);
  });

  it("a save is live on the next request of /campanha-relampago and /bolsas", async () => {
    const changes = {
      title: "Campanha de Verão",
      headlinePercent: "55",
      "offers[0].scholarshipPercent": "45",
      "offers[0].firstPayment": "1.049,90",
      "offers[3].title": "Pós <b>MBA</b>",
      closingText: "Última semana para garantir até 55% de desconto.",
    };
    const answer = await saveCampaign(changes);
    expect(payload(answer)?.result?.error).toBeUndefined();
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/conteudo/campanha");

    const page = payload(await campaignPageLoader());
    expect(page.title).toBe("Campanha de Verão");
    expect(page.headlinePercent).toBe(55);
    expect(page.offers[0]).toMatchObject({ firstPayment: 1049.9, discountText: "Até 55% de desconto" });
    expect(page.offers[3].title).toBe("Pós <b>MBA</b>");
    const scholarships = payload(await scholarshipsLoader());
    expect(scholarships.largestDiscount).toBe(55);
    expect(scholarships.offers[0].discount).toBe(55);

    const overview = payload(await overviewLoader(args(getRequest("/admin/conteudo", { cookie }))));
    // The seed's cards for levels the catalogue has no course of yet are flagged on their own (decision 084).
    const campaignLines = overview.warnings.filter(
      (warning: { section: string; text: string }) =>
        warning.section === "Campanha" && !warning.text.includes("nenhum curso ativo"),
    );
    expect(campaignLines).toEqual([]);
  });

  it("the selected courses' scholarship: seeded at the spec's 70%, refused when empty or out of range, saved into site.claims", async () => {
    expect(publicSite(FRESH).claims.selectedBolsa).toBe("70%");
    // A campaign stored before the field existed reads with the seed's figure instead of being unreadable.
    const { selectedCoursesPercent: _dropped, ...older } = getCampaign();
    expect(campaignSchema.parse(older).selectedCoursesPercent).toBe(70);

    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    for (const typed of ["", "0", "101", "setenta"]) {
      const changes = { selectedCoursesPercent: typed };
      const refused = await saveCampaign(changes);
      expect(statusOf(refused), typed).toBe(400);
      expect(payload(refused).result.error.selectedCoursesPercent).toEqual(["Informe um número inteiro de 1 a 100"]);
    }
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);

    const changes = { selectedCoursesPercent: "65%" };
    const saved = await saveCampaign(changes);
    expect(statusOf(saved)).toBe(303);
    expect(publicSite(FRESH).claims.selectedBolsa).toBe("65%");
    expect(getCampaign()).toEqual({ ...entry.data, selectedCoursesPercent: 65 });
  });

  it("an offer card's level and format boxes are saved, and a course page follows the card that covers it", async () => {
    const stored = getEntry(campaignContent, SINGLETON_ID)!.data;
    const index = stored.offers.findIndex((offer) => offer.title === "Demais semipresenciais");
    expect(courseBolsa([{ level: "Graduação", modality: "Presencial" }], new Date())).toBe("");
    // Presencial ticked in a gap-filled list, as the boxes send it (Semipresencial stays ticked at [1]).
    const saved = await settle(() =>
      saveCampaign({ [`offers[${index}].formats[0]`]: "Presencial", [`offers[${index}].formats[2]`]: "Semipresencial" }),
    );
    expect(statusOf(saved)).toBe(303);
    expect(getCampaign().offers[index]).toMatchObject({ levels: ["Graduação"], formats: ["Presencial", "Semipresencial"] });
    expect(courseBolsa([{ level: "Graduação", modality: "Presencial" }], new Date())).toBe("45%");

    const refused = await settle(() => saveCampaign({ [`offers[${index}].formats[0]`]: "Híbrido" }));
    expect(statusOf(refused)).toBe(400);
    expect(getCampaign().offers[index].formats).toEqual(["Presencial", "Semipresencial"]);
  });

  it("'Adicionar oferta' and 'Remover' without JavaScript answer with the list changed and save nothing; one card is enough", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const intent = (value: object) => ({ __intent__: JSON.stringify(value) });
    const added = await settle(() => saveCampaign(intent({ type: "insert", payload: { name: "offers" } })));
    expect(statusOf(added)).toBe(200);
    expect(payload(added).result.initialValue.offers).toHaveLength(7);
    const removed = await settle(() => saveCampaign(intent({ type: "remove", payload: { name: "offers", index: 0 } })));
    expect(statusOf(removed)).toBe(200);
    expect(payload(removed).result.initialValue.offers).toHaveLength(5);
    expect(getEntry(campaignContent, SINGLETON_ID)).toEqual(entry);

    // A campaign of one card saves (the other five offers gone), and so does one of seven.
    const keepOnly = (count: number) => {
      const fields = formOf({ ...entry.data, offers: entry.data.offers.slice(0, count) }, entry.version);
      return campaignAction(args(formRequest("/admin/conteudo/campanha", fields, { cookie })));
    };
    expect(statusOf(await settle(() => keepOnly(1)))).toBe(303);
    expect(getCampaign().offers.map((offer) => offer.title)).toEqual(["Graduação"]);
    const current = getEntry(campaignContent, SINGLETON_ID)!;
    const seven = formOf(
      { ...current.data, offers: [...entry.data.offers, { ...entry.data.offers[5], title: "Tecnólogos" }] },
      current.version,
    );
    expect(statusOf(await settle(() => campaignAction(args(formRequest("/admin/conteudo/campanha", seven, { cookie })))))).toBe(
      303,
    );
    expect(getCampaign().offers).toHaveLength(7);
  });

  it("'Encerrar agora' ends the campaign at once: no offer, no countdown, and the page says it ended", async () => {
    expect(campaignDeadlineFor(new Date())).not.toBeNull();
    const answer = await settle(() => saveCampaign({ endNow: "on" }));
    expect(statusOf(answer)).toBe(303);
    expect(getCampaign().endMode).toBe("ended");
    const now = new Date();
    expect(activeOffers(now)).toEqual([]);
    expect(campaignDeadlineFor(now)).toBeNull();
    expect(campaignPageData(now).ended).toBe(true);
    expect(campaignWarnings(now)[0]?.text).toContain("A campanha terminou");
    // Choosing the rolling window again brings the offers back.
    expect(statusOf(await settle(() => saveCampaign({ endMode: "rolling" })))).toBe(303);
    expect(activeOffers(new Date()).length).toBeGreaterThan(0);
  });

  it("a second admin saving from the old version is refused with who and when, their input kept", async () => {
    const entry = getEntry(campaignContent, SINGLETON_ID)!;
    const answer = await saveCampaign({ title: "Outra campanha" }, entry.version - 1);
    const result = expectStaleSave(answer, "campanha@exemplo.com");
    expect(result.initialValue.title).toBe("Outra campanha");
    expect(getCampaign().title).toBe("Campanha de Verão");
  });
});

describe("club calendar at an injected now", () => {
  it("lists only games not yet played, through the game's own day", () => {
    expect(clubPageData(new Date("2025-04-01T12:00:00Z")).games.map((game) => game.date)).toEqual([
      "2025-04-12",
      "2025-05-03",
      "2025-05-24",
      "2025-06-14",
    ]);
    // 23:30 in São Paulo on the day of the Coritiba game: still listed; the next morning it is gone.
    expect(clubPageData(new Date("2025-05-04T02:30:00Z")).games.map((game) => game.opponent)).toEqual([
      "Coritiba",
      "Goiás",
      "Cuiabá",
    ]);
    expect(clubPageData(new Date("2025-05-04T12:00:00Z")).games.map((game) => game.opponent)).toEqual(["Goiás", "Cuiabá"]);
  });

  it("a fresh deployment (2026-11-23) shows no 2025 game as upcoming", () => {
    expect(clubPageData(FRESH).games).toEqual([]);
  });
});

describe("studio: Clube e Trabalhe conosco", () => {
  let cookie = "";

  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "clube@exemplo.com", "senha-do-marketing-1")).cookie;
  });

  /** The form's fields for the stored document. */
  function clubForm(version: number): Record<string, string> {
    const pages = getClubPages();
    const fields: Record<string, string> = {
      version: String(version),
      gamesIntro: pages.gamesIntro,
      noGamesText: pages.noGamesText,
      ...Object.fromEntries(Object.entries(pages.employee).map(([key, value]) => [`employee.${key}`, value])),
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

  it("a fresh deployment: the 2025 games are kept but none is upcoming, and the overview says so", () => {
    expect(getClubPages().games).toHaveLength(4);
    expect(clubWarnings(FRESH).map((warning) => warning.text)).toEqual([
      "Nenhum jogo em casa por vir (4 já aconteceram e não aparecem): a página do clube mostra que a tabela ainda não foi divulgada.",
    ]);
  });

  it("'Adicionar jogo' without JavaScript answers with one more row and saves nothing", async () => {
    const entry = getEntry(clubPagesContent, SINGLETON_ID)!;
    const answer = await clubAction(
      args(
        formRequest(
          "/admin/conteudo/clube",
          { ...clubForm(entry.version), __intent__: JSON.stringify({ type: "insert", payload: { name: "games" } }) },
          { cookie },
        ),
      ),
    );
    expect(statusOf(answer)).toBe(200);
    expect(payload(answer).result.initialValue.games).toHaveLength(5);
    expect(getEntry(clubPagesContent, SINGLETON_ID)).toEqual(entry);
  });

  it("refuses a bad date and time next to their fields; a saved game and text are live on the next request", async () => {
    const entry = getEntry(clubPagesContent, SINGLETON_ID)!;
    const bad = await clubAction(
      args(
        formRequest(
          "/admin/conteudo/clube",
          { ...clubForm(entry.version), "games[0].date": "2026-02-30", "games[0].time": "25:00", "games[1].opponent": "" },
          { cookie },
        ),
      ),
    );
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).result.error).toMatchObject({
      "games[0].date": ["Data inválida"],
      "games[0].time": ["Horário inválido - use HH:MM, ex.: 16:00"],
      "games[1].opponent": ["Campo obrigatório"],
    });

    const answer = await clubAction(
      args(
        formRequest(
          "/admin/conteudo/clube",
          {
            ...clubForm(entry.version),
            "games[4].opponent": "Cruzeiro",
            "games[4].date": "2026-12-06",
            "games[4].time": "16:00",
            "games[4].location": "Arena Independência, Belo Horizonte",
            "games[4].round": "Rodada 1",
            "employee.heroTitle": "Venha trabalhar com a gente",
          },
          { cookie },
        ),
      ),
    );
    expect(statusOf(answer)).toBe(303);
    const club = clubPageData(FRESH);
    expect(club.games.map((game) => game.opponent)).toEqual(["Cruzeiro"]);
    expect(clubPageData(new Date("2026-12-07T12:00:00Z")).games).toEqual([]);
    expect(clubWarnings(FRESH)).toEqual([]);
    expect(payload(await employeeLoader()).texts.heroTitle).toBe("Venha trabalhar com a gente");
    const studio = payload(await clubStudioLoader(args(getRequest("/admin/conteudo/clube", { cookie }))));
    expect(studio.pages.games).toHaveLength(5);
  });
});
