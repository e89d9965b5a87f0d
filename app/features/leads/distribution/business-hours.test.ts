import { describe, expect, it } from "vitest";

import {
  addBusinessMinutes,
  type BusinessCalendar,
  businessMinutesBetween,
  DEFAULT_WEEKLY_HOURS,
  firstContactState,
  parseHolidays,
  parsePhoneHours,
  waitingText,
} from "~/features/leads/distribution/business-hours";

/** The first-contact clock's arithmetic (decision 087): São Paulo is UTC−3 all year since 2019. */
const weekdays: BusinessCalendar = { hours: DEFAULT_WEEKLY_HOURS, holidays: new Set() };
/** A São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

describe("addBusinessMinutes", () => {
  it("inside the hours: plain addition", () => {
    // 2026-11-25 is a Wednesday.
    expect(addBusinessMinutes(sp("2026-11-25T10:00:00"), 5, weekdays)).toEqual(sp("2026-11-25T10:05:00"));
  });

  it("overnight: a lead at 20h58 with 5 minutes is due at 8h03 the next morning", () => {
    expect(addBusinessMinutes(sp("2026-11-25T20:58:00"), 5, weekdays)).toEqual(sp("2026-11-26T08:03:00"));
  });

  it("before opening: counts from 8h", () => {
    expect(addBusinessMinutes(sp("2026-11-25T03:10:00"), 5, weekdays)).toEqual(sp("2026-11-25T08:05:00"));
  });

  it("around midnight UTC (21h in São Paulo) the date used is São Paulo's, not UTC's", () => {
    // 2026-11-27T23:30Z is Friday 20h30 in São Paulo (Saturday in UTC).
    expect(addBusinessMinutes(new Date("2026-11-27T23:30:00Z"), 10, weekdays)).toEqual(sp("2026-11-27T20:40:00"));
    expect(addBusinessMinutes(new Date("2026-11-28T00:30:00Z"), 10, weekdays)).toEqual(sp("2026-11-30T08:10:00"));
  });

  it("weekend: a Friday-night lead is due on Monday morning", () => {
    expect(addBusinessMinutes(sp("2026-11-27T23:00:00"), 5, weekdays)).toEqual(sp("2026-11-30T08:05:00"));
    expect(addBusinessMinutes(sp("2026-11-29T12:00:00"), 5, weekdays)).toEqual(sp("2026-11-30T08:05:00"));
  });

  it("holidays are skipped (a holiday on Monday moves it to Tuesday)", () => {
    const calendar: BusinessCalendar = { hours: DEFAULT_WEEKLY_HOURS, holidays: new Set(["2026-11-30"]) };
    expect(addBusinessMinutes(sp("2026-11-27T23:00:00"), 5, calendar)).toEqual(sp("2026-12-01T08:05:00"));
  });

  it("a target longer than what is left of the day continues the next business day", () => {
    expect(addBusinessMinutes(sp("2026-11-25T20:50:00"), 30, weekdays)).toEqual(sp("2026-11-26T08:20:00"));
  });

  it("no DST: the same offset in January (summer) and July (winter)", () => {
    expect(addBusinessMinutes(sp("2027-01-14T10:00:00"), 5, weekdays).toISOString()).toBe("2027-01-14T13:05:00.000Z");
    expect(addBusinessMinutes(sp("2027-07-14T10:00:00"), 5, weekdays).toISOString()).toBe("2027-07-14T13:05:00.000Z");
  });

  it("the hours are São Paulo's wall clock in the zone: 8h was 10h UTC in the summer of 2019", () => {
    // 2019-01-11 was a Friday at −02:00; Monday 2019-01-14 too.
    const summer = (local: string) => new Date(`${local}-02:00`);
    expect(addBusinessMinutes(summer("2019-01-11T23:00:00"), 5, weekdays).toISOString()).toBe("2019-01-14T10:05:00.000Z");
    expect(addBusinessMinutes(summer("2019-01-14T20:58:00"), 5, weekdays)).toEqual(summer("2019-01-15T08:03:00"));
    // Friday 2019-02-15 at −02:00 to Monday 2019-02-18 at −03:00: summer time ended on the weekend.
    expect(addBusinessMinutes(summer("2019-02-15T20:58:00"), 5, weekdays)).toEqual(sp("2019-02-18T08:03:00"));
  });
});

describe("businessMinutesBetween", () => {
  it("counts São Paulo's hours across the end of summer time", () => {
    const from = new Date("2019-02-15T20:00:00-02:00");
    const to = new Date("2019-02-18T09:00:00-03:00");
    expect(businessMinutesBetween(from, to, weekdays)).toBe(120);
  });

  it("counts only the open minutes", () => {
    expect(businessMinutesBetween(sp("2026-11-25T10:00:00"), sp("2026-11-25T10:12:00"), weekdays)).toBe(12);
    expect(businessMinutesBetween(sp("2026-11-27T20:55:00"), sp("2026-11-30T08:05:00"), weekdays)).toBe(10);
    expect(businessMinutesBetween(sp("2026-11-25T10:00:00"), sp("2026-11-25T09:00:00"), weekdays)).toBe(0);
  });
});

describe("the studio's phone hours", () => {
  it("reads 'Segunda a sexta, das 8h às 21h' and a Saturday part", () => {
    expect(parsePhoneHours("Segunda a sexta, das 8h às 21h")).toEqual(DEFAULT_WEEKLY_HOURS);
    const week = parsePhoneHours("Segunda a sexta, das 9h às 18h; sábado, das 8h30 às 12h");
    expect(week[1]).toEqual([540, 1080]);
    expect(week[5]).toEqual([540, 1080]);
    expect(week[6]).toEqual([510, 720]);
    expect(week[0]).toBeNull();
  });

  it("text it cannot read falls back to Monday to Friday, 8h to 21h", () => {
    expect(parsePhoneHours("Ligue quando quiser")).toEqual(DEFAULT_WEEKLY_HOURS);
  });
});

describe("holidays and texts", () => {
  it("parses DD/MM/AAAA and AAAA-MM-DD, refuses a wrong date with a pt-BR message", () => {
    expect(parseHolidays("25/12/2026\n2027-01-01, 25/12/2026")).toEqual({ ok: true, dates: ["2026-12-25", "2027-01-01"] });
    expect(parseHolidays("31/02/2026")).toEqual({
      ok: false,
      error: "Data inválida: “31/02/2026”. Use DD/MM/AAAA, uma por linha.",
    });
  });

  it("waiting texts", () => {
    expect(waitingText(12)).toBe("aguardando há 12 min");
    expect(waitingText(125)).toBe("aguardando há 2 h 5 min");
    expect(waitingText(60 * 24 * 3)).toBe("aguardando há 3 dias");
  });
});

describe("firstContactState", () => {
  const lead = {
    criado_em: "2026-11-25T13:00:00.000Z",
    first_contact_due_at: "2026-11-25T13:05:00.000Z",
    first_contact_at: null as string | null,
    status: "novo",
  };
  it("waiting, then late once due; nothing once contacted or enrolled, whatever else the status says", () => {
    expect(firstContactState(lead, new Date("2026-11-25T13:04:00Z"))).toEqual({ text: "aguardando há 4 min", late: false });
    expect(firstContactState(lead, new Date("2026-11-25T13:12:00Z"))).toEqual({ text: "aguardando há 12 min", late: true });
    expect(firstContactState({ ...lead, first_contact_at: "2026-11-25T13:03:00Z" }, new Date("2026-11-25T13:12:00Z"))).toBeNull();
    // A status change alone does not end the wait (decision 140); an enrolment does.
    expect(firstContactState({ ...lead, status: "em_contato" }, new Date("2026-11-25T13:12:00Z"))).toEqual({
      text: "aguardando há 12 min",
      late: true,
    });
    expect(firstContactState({ ...lead, status: "perdido" }, new Date("2026-11-25T13:12:00Z"))?.late).toBe(true);
    expect(firstContactState({ ...lead, status: "inscrito" }, new Date("2026-11-25T13:12:00Z"))).toBeNull();
  });
});
