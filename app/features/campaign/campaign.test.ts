import { describe, expect, it } from "vitest";

import {
  CAMPAIGN_WINDOW_DAYS,
  campaignDeadline,
  formatDayMonth,
  parseCampaignEnd,
  refreshDeadline,
  rollingDeadline,
} from "~/features/campaign/campaign";
import { timeLeft } from "~/ui/countdown-time";

const at = (iso: string) => new Date(iso);

describe("parseCampaignEnd", () => {
  it("reads a day as that day's 23:59:59 in São Paulo", () => {
    expect(parseCampaignEnd("2030-04-14")?.toISOString()).toBe("2030-04-15T02:59:59.000Z");
  });
  it("reads a local date-time as São Paulo time and keeps explicit offsets", () => {
    expect(parseCampaignEnd("2030-04-14T18:00")?.toISOString()).toBe("2030-04-14T21:00:00.000Z");
    expect(parseCampaignEnd("2030-04-14T18:00:00Z")?.toISOString()).toBe("2030-04-14T18:00:00.000Z");
    expect(parseCampaignEnd("2030-04-14T18:00:00+01:00")?.toISOString()).toBe("2030-04-14T17:00:00.000Z");
    // In the summer of 2019 São Paulo was at −02:00: the zone's offset on that day is the one used.
    expect(parseCampaignEnd("2019-01-15")?.toISOString()).toBe("2019-01-16T01:59:59.000Z");
    expect(parseCampaignEnd("2019-01-15T18:00")?.toISOString()).toBe("2019-01-15T20:00:00.000Z");
  });
  it("refuses empty, malformed and impossible dates", () => {
    for (const value of [undefined, null, "", "  ", "amanhã", "14/04/2030", "2030-02-30", "2030-13-01", "2030-04-14T25:00"]) {
      expect(parseCampaignEnd(value), String(value)).toBeNull();
    }
  });
});

describe("rolling window (no configured end date)", () => {
  it("ends 5 days ahead at 23:59:59 São Paulo time", () => {
    // 10:00 in São Paulo on 2030-03-01 → 2030-03-06 23:59:59 -03:00
    const deadline = campaignDeadline(at("2030-03-01T13:00:00Z"), undefined);
    expect(deadline).toEqual({ endsAt: "2030-03-07T02:59:59.000Z", rolling: true });
    expect(CAMPAIGN_WINDOW_DAYS).toBe(5);
  });
  it("uses São Paulo's calendar day, not UTC's", () => {
    // 22:30 in São Paulo on 2030-03-01 is already 2030-03-02 in UTC.
    expect(rollingDeadline(at("2030-03-02T01:30:00Z")).toISOString()).toBe("2030-03-07T02:59:59.000Z");
  });
  it("crosses month and year ends", () => {
    expect(rollingDeadline(at("2030-12-29T15:00:00Z")).toISOString()).toBe("2031-01-04T02:59:59.000Z");
    expect(rollingDeadline(at("2032-02-26T15:00:00Z")).toISOString()).toBe("2032-03-03T02:59:59.000Z"); // leap year
  });
  it("an invalid configured date falls back to the rolling window", () => {
    expect(campaignDeadline(at("2030-03-01T13:00:00Z"), "not a date").rolling).toBe(true);
  });
  it("always shows a future deadline with days left", () => {
    const now = at("2030-03-01T13:00:00Z");
    const left = timeLeft(new Date(campaignDeadline(now).endsAt), now);
    expect(left).toEqual({ days: 5, hours: 13, minutes: 59, seconds: 59 });
  });
});

describe("refreshDeadline", () => {
  it("keeps a rolling deadline until it passes, then recomputes it 5 days ahead", () => {
    const first = campaignDeadline(at("2030-03-01T13:00:00Z"));
    expect(refreshDeadline(first, at("2030-03-07T02:59:58.999Z"))).toBe(first);
    // The instant the clock reaches zero, the window starts again from that day.
    expect(refreshDeadline(first, at("2030-03-07T02:59:59Z"))).toEqual({ endsAt: "2030-03-12T02:59:59.000Z", rolling: true });
    const next = refreshDeadline(first, at("2030-03-07T03:00:00Z")); // 00:00 on 2030-03-07 in São Paulo
    expect(next).toEqual({ endsAt: "2030-03-13T02:59:59.000Z", rolling: true });
    expect(timeLeft(new Date(next.endsAt), at("2030-03-07T03:00:00Z")).days).toBe(5);
  });
  it("never moves a configured deadline", () => {
    const configured = campaignDeadline(at("2030-03-01T13:00:00Z"), "2030-03-02");
    expect(refreshDeadline(configured, at("2030-04-01T00:00:00Z"))).toBe(configured);
  });
});

describe("configured end date", () => {
  it("is used when set, instead of the rolling window", () => {
    const deadline = campaignDeadline(at("2030-03-01T13:00:00Z"), "2030-04-14");
    expect(deadline).toEqual({ endsAt: "2030-04-15T02:59:59.000Z", rolling: false });
    expect(timeLeft(new Date(deadline.endsAt), at("2030-04-14T02:59:59Z"))).toEqual({
      days: 1,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
  it("shows zeros once it has passed (it does not roll)", () => {
    const now = at("2030-05-01T12:00:00Z");
    const deadline = campaignDeadline(now, "2030-04-14");
    expect(deadline.rolling).toBe(false);
    expect(timeLeft(new Date(deadline.endsAt), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("formatDayMonth", () => {
  it("is dd/mm in São Paulo", () => {
    expect(formatDayMonth("2030-04-15T02:59:59.000Z")).toBe("14/04");
    expect(formatDayMonth(new Date("2030-01-05T12:00:00Z"))).toBe("05/01");
  });
});
