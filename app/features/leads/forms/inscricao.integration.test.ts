import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { courses } from "~/features/courses/courses.seed";
import { CONSENT_VERSION, RATE_LIMIT_MESSAGE } from "~/features/leads/forms/enrolment";
import { action, loader } from "~/features/leads/forms/enrolment-page";
import { polos } from "~/features/polos/polos.seed";
import { db, schema, sqlite } from "~/platform/db/client.server";
import { publicFormLimiter, resetAllRateLimits } from "~/platform/rate-limit.server";
import { loader as rootLoader } from "~/root";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

import { ENROLMENT_ERRORS, enrolmentPost } from "../../../../tests/support/lead-forms";
import { args, formRequest, getRequest, payload } from "../../../../tests/support/route-calls";

const course = courses.find((c) => c.name === "Enfermagem")!.name;
const polo = polos[0].location;
const goodFields = enrolmentPost;

function rowsFor(email: string) {
  return db.select().from(schema.leads).where(eq(schema.leads.email, email)).all();
}

async function post(fields: Record<string, string>, init: { cookie?: string; path?: string; ip?: string } = {}) {
  const headers = { "X-Client-Ip": init.ip ?? "203.0.113.10" };
  return action(args(formRequest(init.path ?? "/inscricao", fields, { cookie: init.cookie, headers })));
}

beforeEach(() => resetAllRateLimits());

describe("/inscricao loader", () => {
  it("offers every catalogue course and every polo, and maps ?tipo to the lead origin", async () => {
    const data = payload(await loader(args(getRequest("/inscricao?tipo=contato&embed=1"))));
    expect(data.origin).toBe("contato");
    expect(data.embedded).toBe(true);
    expect(data.sent).toBe(false);
    const offeredCourses = new Set(data.courseGroups.flatMap((g: { options: string[] }) => g.options));
    for (const c of courses) expect(offeredCourses.has(c.name)).toBe(true);
    const offeredPolos = data.poloGroups.flatMap((g: { options: string[] }) => g.options);
    expect(offeredPolos).toHaveLength(polos.length);
    expect(data.poloGroups.map((g: { label: string }) => g.label)).toEqual(
      expect.arrayContaining(["Minas Gerais", "Mato Grosso do Sul", "Rio Grande do Norte", "Mato Grosso"]),
    );
  });

  it("prefills a valid course from the query and ignores an unknown one", async () => {
    const good = payload(await loader(args(getRequest(`/inscricao?curso=${encodeURIComponent(course)}`))));
    expect(good.defaults.curso).toBe(course);
    const bad = payload(await loader(args(getRequest("/inscricao?curso=Astronauta"))));
    expect(bad.defaults.curso).toBeUndefined();
  });
});

describe("/inscricao action", () => {
  it("refuses bad input with each field's message, keeps what was typed and writes no row", async () => {
    const email = "maria@";
    const result = await post({
      nome: "Ana",
      telefone: "3199999",
      email,
      cidade: "",
      curso: "",
      polo: "",
      origem: "inscricao",
      [HONEYPOT_FIELD]: "",
    });
    expect(result).not.toBeInstanceOf(Response);
    expect((result as any).init.status).toBe(400);
    const { result: reply } = payload(result);
    expect(reply.error).toMatchObject(ENROLMENT_ERRORS);
    expect(reply.initialValue).toMatchObject({ nome: "Ana", telefone: "3199999", email });
    expect(db.select().from(schema.leads).all()).toHaveLength(0);
  });

  it("stores exactly one lead with course, polo, city, consent and the landing's UTM, then redirects 303", async () => {
    // The visitor landed with UTM parameters from an ad; the root loader remembered them in the session.
    const landing = (await rootLoader(
      args(
        getRequest("/?utm_source=google&utm_medium=cpc&utm_campaign=vestibular-2025", {
          headers: { Referer: "https://www.google.com/search?q=faculdade" },
        }),
      ),
    )) as any;
    const cookie = new Headers(landing.init.headers).get("Set-Cookie")!.split(";")[0];

    const email = "maria.silva@example.com";
    const response = await post(goodFields("Maria.Silva@Example.com"), { cookie });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("Location")).toBe("/inscricao?enviado=1&tipo=inscricao");

    const rows = rowsFor(email);
    expect(rows).toMatchObject([
      {
        origem: "inscricao",
        nome: "Maria Aparecida da Silva",
        telefone: "(31)99999-8888",
        email,
        cidade: "Belo Horizonte",
        curso_interesse: course,
        polo,
        tentativas: 1,
        consentimento_versao: CONSENT_VERSION,
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "vestibular-2025",
        referrer: "https://www.google.com/search?q=faculdade",
      },
    ]);
    expect(rows[0].consentimento_em).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const thanks = payload(await loader(args(getRequest("/inscricao?enviado=1&tipo=inscricao"))));
    expect(thanks.sent).toBe(true);
  });

  it("takes the UTM parameters of the form's own URL when the session has none", async () => {
    const email = "utm.direto@example.com";
    await post(goodFields(email), { path: "/inscricao?utm_source=instagram&utm_campaign=bolsa70" });
    expect(rowsFor(email)[0]).toMatchObject({ utm_source: "instagram", utm_campaign: "bolsa70" });
  });

  it("stores UTM values without NUL or other control characters", async () => {
    const email = "utm.controle@example.com";
    const hostile = (text: string) => encodeURIComponent(text);
    const query = [
      `utm_source=${hostile("goo\u0000gle")}`,
      `utm_medium=${hostile("\u0007cpc\u001b[31m")}`,
      `utm_campaign=${hostile("bolsa\r\nSet-Cookie: x=1\u007f\u0085")}`,
      `utm_term=${hostile("\u202eetnoc\u200b")}`,
      `utm_content=${hostile("\u0000\u0001")}`,
    ].join("&");
    await post(goodFields(email), { path: `/inscricao?${query}` });
    const [row] = rowsFor(email);
    expect(row).toMatchObject({
      utm_source: "google",
      utm_medium: "cpc[31m",
      utm_campaign: "bolsaSet-Cookie: x=1",
      utm_term: "etnoc",
      // Nothing left but control characters: no value at all.
      utm_content: null,
    });
    for (const value of [row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term]) {
      expect(value).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }
  });

  it("updates the same e-mail's lead instead of duplicating it", async () => {
    const email = "repetido@example.com";
    await post(goodFields(email));
    await post(goodFields(email, { telefone: "(31) 98888-7777", cidade: "Contagem" }));
    const rows = rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tentativas: 2, telefone: "(31)98888-7777", cidade: "Contagem" });
  });

  it("stores the origin of the consultant form and keeps embed mode in the redirect", async () => {
    const email = "consultor@example.com";
    const response = (await post(goodFields(email, { origem: "contato" }), {
      path: "/inscricao?tipo=contato&embed=1",
    })) as Response;
    expect(response.headers.get("Location")).toBe("/inscricao?enviado=1&tipo=contato&embed=1");
    expect(rowsFor(email)[0].origem).toBe("contato");
  });

  it("never stores a tampered origin", async () => {
    const email = "origem.falsa@example.com";
    await post(goodFields(email, { origem: "teste_vocacional" }));
    expect(rowsFor(email).map((r) => r.origem)).toEqual(["inscricao"]);
  });

  it("shows a bot that filled the honeypot the thank-you page and stores nothing", async () => {
    const email = "robo@example.com";
    const response = (await post(goodFields(email, { [HONEYPOT_FIELD]: "https://spam.example" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("enviado=1");
    expect(rowsFor(email)).toHaveLength(0);
  });

  it("a failure while saving keeps the form as typed with a pt-BR message and toast, as the vocational test does", async () => {
    const email = "falha.inscricao@example.com";
    sqlite.exec(`CREATE TRIGGER falha_inscricao BEFORE INSERT ON leads WHEN NEW.email = '${email}'
      BEGIN SELECT RAISE(ABORT, 'disco cheio'); END`);
    try {
      const result = await post(goodFields(email));
      expect(result).not.toBeInstanceOf(Response);
      expect((result as any).init.status).toBe(500);
      const { result: reply, error } = payload(result);
      expect(error).toEqual({
        title: "Erro ao salvar seus dados",
        description: "Por favor, tente novamente.",
        variant: "destructive",
      });
      expect(reply.error?.[""]).toEqual(["Erro ao salvar seus dados. Por favor, tente novamente."]);
      expect(reply.initialValue).toMatchObject({ nome: "Maria Aparecida da Silva", email });
      expect(rowsFor(email)).toHaveLength(0);
    } finally {
      sqlite.exec("DROP TRIGGER falha_inscricao");
    }
  });

  it("refuses with a message once the IP exceeds the public form limit, storing nothing", async () => {
    const ip = "198.51.100.77";
    while (await publicFormLimiter.hit(ip)) {
      // use up this IP's allowance
    }
    const email = "limite@example.com";
    const result = await post(goodFields(email), { ip });
    expect(result).not.toBeInstanceOf(Response);
    expect((result as any).init.status).toBe(429);
    const { result: reply } = payload(result);
    expect(reply.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    expect(reply.initialValue).toMatchObject({ email });
    expect(rowsFor(email)).toHaveLength(0);

    // Another IP is not affected.
    const other = (await post(goodFields(email), { ip: "198.51.100.78" })) as Response;
    expect(other.status).toBe(303);
    expect(rowsFor(email)).toHaveLength(1);
  });
});
