import { describe, expect, it } from "vitest";

import { fillStats, homeFormSchema, homeStats, percentagesAbove, resolveHomeCountdown, roundedClaim } from "./content";

const facts = { activeCourses: 77, activePolos: 29, largestDiscount: 60 };
const noOverride = { courseCount: null, poloCount: null, scholarshipPercent: null };

describe("home stats", () => {
  it("derives the counts by rounding down to the ten, shown 'N+', and the bolsa from the largest discount", () => {
    expect([roundedClaim(77), roundedClaim(80), roundedClaim(9), roundedClaim(0)]).toEqual([70, 80, 9, 0]);
    expect(homeStats(noOverride, facts)).toMatchObject({ courses: "70+", polos: "20+", bolsa: "60%", courseClaim: 70 });
    expect(homeStats(noOverride, { ...facts, activePolos: 7 }).polos).toBe("7");
  });

  it("uses an override as 'N+', but never shows a scholarship above the largest active discount", () => {
    const stats = homeStats({ courseCount: 80, poloCount: 1000, scholarshipPercent: 70 }, facts);
    expect(stats).toMatchObject({ courses: "80+", polos: "1000+", bolsa: "60%", bolsaPercent: 60 });
    expect(homeStats({ ...noOverride, scholarshipPercent: 40 }, facts).bolsa).toBe("40%");
  });

  it("fills the tokens with the stats (pt-BR numbers) and finds percentages above the largest discount", () => {
    const stats = homeStats({ ...noOverride, poloCount: 1000 }, facts);
    expect(fillStats("bolsa de até {bolsa}, {cursos} cursos, mais de {polos} polos", stats)).toBe(
      "bolsa de até 60%, 70 cursos, mais de 1.000 polos",
    );
    expect(percentagesAbove("até 70% ou 10 %, e 60%", 60)).toEqual([70]);
  });

  it("the studio form refuses a bolsa or a text promising more than the offers give, next to the field", () => {
    const base = {
      heroBadge: "Selo",
      heroTitle: "Título",
      heroHighlight: "bolsa de até 70%",
      heroText: "Texto",
      scholarshipPercent: 65,
      countdownMode: "date",
      countdownDate: "",
      countdownTitle: "Corra",
    };
    const result = homeFormSchema(60).safeParse(base);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages.scholarshipPercent).toBe("A bolsa anunciada não pode passar do maior desconto das ofertas ativas (60%)");
    expect(messages.heroHighlight).toMatch(/^O texto anuncia 70%, mais que o maior desconto das ofertas ativas \(60%\)/);
    expect(messages.countdownDate).toBe("Informe a data final da contagem");
  });
});

describe("home countdown (decision 038: never at zero)", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  const campaign = { endsAt: "2026-11-28T02:59:59.000Z", rolling: true };

  it("counts to a date still ahead: 23:59:59 of that day in São Paulo", () => {
    expect(resolveHomeCountdown({ countdownMode: "date", countdownDate: "2026-12-01" }, campaign, now)).toEqual({
      endsAt: "2026-12-02T02:59:59.000Z",
      rolling: false,
    });
  });

  it("a passed date gives way to the campaign's deadline, or to no countdown when the campaign has ended", () => {
    const passed = { countdownMode: "date" as const, countdownDate: "2024-10-15" };
    expect(resolveHomeCountdown(passed, campaign, now)).toEqual(campaign);
    expect(resolveHomeCountdown(passed, null, now)).toBeNull();
    expect(resolveHomeCountdown(passed, { endsAt: "2026-11-23T14:59:59.000Z", rolling: false }, now)).toBeNull();
  });

  it("'use the campaign's deadline' follows it; 'hidden' shows nothing; the very instant of the end shows nothing", () => {
    expect(resolveHomeCountdown({ countdownMode: "campaign", countdownDate: "" }, campaign, now)).toEqual(campaign);
    expect(resolveHomeCountdown({ countdownMode: "campaign", countdownDate: "" }, null, now)).toBeNull();
    expect(resolveHomeCountdown({ countdownMode: "hidden", countdownDate: "2026-12-01" }, campaign, now)).toBeNull();
    const atEnd = new Date("2026-12-02T02:59:59.000Z");
    expect(resolveHomeCountdown({ countdownMode: "date", countdownDate: "2026-12-01" }, null, atEnd)).toBeNull();
  });
});
