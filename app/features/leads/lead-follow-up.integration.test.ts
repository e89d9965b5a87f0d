import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as bulkModule from "~/features/leads/bulk-change";
import { loader as csvLoader } from "~/features/leads/csv-route";
import { DISTRIBUTION_AUTHOR, EVERYONE_RULE } from "~/features/leads/distribution/assign.server";
import { EMPTY_FILTERS, parseLeadFilters } from "~/features/leads/filters";
import { changeLeadStatus, setNextContact } from "~/features/leads/follow-up.server";
import * as leadModule from "~/features/leads/lead";
import { deletePerson, findLead, personDataExport } from "~/features/leads/privacy.server";
import { listLeadsPage } from "~/features/leads/queries.server";
import { saveLead } from "~/features/leads/save.server";
import { createAdmin } from "~/features/staff/users.server";
import { recordOptOuts } from "~/features/whatsapp/optouts/optouts.server";
import { db, schema } from "~/platform/db/client.server";

import { args, formRequest, getRequest, payload, renderPage, settle, statusOf } from "../../../tests/support/route-calls";
import { contactLeads } from "../../../tests/support/saved-leads";
import { signedInStaff } from "../../../tests/support/staff-login";

/** Follow-up of leads: status with its history, notes, next contact ("Atrasados"), bulk change, the lead page and the CSV. */

const ADMIN = "acompanhamento@example.com";
/** The one comercial user: distribution (on by default, decision 096) gives them every new lead. */
const SELLER = "vendas.acompanhamento@example.com";
let cookie = "";
let sellerId = 0;

beforeAll(async () => {
  cookie = (await signedInStaff("admin", ADMIN, "senha-admin-forte-123")).cookie;
  sellerId = (await createAdmin(SELLER, "senha-comercial-forte-123", "comercial")).id;
});

const newLead = contactLeads("Pessoa Acompanhada", "Sabará");

const statusOfLead = (id: number) => findLead(id)!.status;
const changesOf = (id: number) => db.select().from(schema.leadStatusChanges).where(eq(schema.leadStatusChanges.leadId, id)).all();
const allNotesOf = (id: number) => db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, id)).all();
/** The staff's notes: without the distribution's note that every new lead carries (decision 096). */
const notesOf = (id: number) => allNotesOf(id).filter((note) => note.author !== DISTRIBUTION_AUTHOR);

function post(id: number, fields: Record<string, string>) {
  return settle(() => leadModule.action(args(formRequest(`/contato/lead/${id}`, fields, { cookie }), { id: String(id) })));
}

/** Renders a route's page as the server does (static handler, no hydration data). */

describe("status", () => {
  it("a new lead is Novo and owned by the comercial user (distribution); a change records from, to, who and when", async () => {
    const id = newLead();
    expect(statusOfLead(id)).toBe("novo");
    expect(findLead(id)!.owner_id).toBe(sellerId);
    expect(allNotesOf(id)).toMatchObject([
      { author: DISTRIBUTION_AUTHOR, text: `Responsável: Sem responsável → ${SELLER} (regra: ${EVERYONE_RULE})` },
    ]);
    const before = Date.now();
    const result = await post(id, { intent: "status", status: "em_contato" });
    expect(statusOf(result)).toBe(303);
    expect(statusOfLead(id)).toBe("em_contato");
    const [change] = changesOf(id);
    expect(change).toMatchObject({ fromStatus: "novo", toStatus: "em_contato", reason: null, changedBy: ADMIN });
    expect(Date.parse(change.changedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("Perdido needs a reason from the list; values outside the lists are refused in pt-BR and write nothing", async () => {
    const id = newLead();
    for (const [fields, field, message] of [
      [{ intent: "status", status: "arquivado" }, "status", "Escolha um status da lista."],
      [{ intent: "status", status: "" }, "status", "Escolha um status da lista."],
      [{ intent: "status", status: "perdido" }, "motivo", "Escolha o motivo da perda."],
      [{ intent: "status", status: "perdido", motivo: "<b>caro</b>" }, "motivo", "Escolha o motivo da perda."],
      [{ intent: "status", status: "novo" }, "status", "O lead já está com este status."],
    ] as const) {
      const result = await post(id, fields);
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(payload(result).errors[field]).toBe(message);
    }
    expect(statusOfLead(id)).toBe("novo");
    expect(changesOf(id)).toEqual([]);

    expect(statusOf(await post(id, { intent: "status", status: "perdido", motivo: "outra_instituicao" }))).toBe(303);
    expect(findLead(id)).toMatchObject({ status: "perdido", motivo_perda: "outra_instituicao" });
    // Leaving Perdido clears the reason; each step is one history row.
    expect(statusOf(await post(id, { intent: "status", status: "inscrito", motivo: "sem_interesse" }))).toBe(303);
    expect(findLead(id)).toMatchObject({ status: "inscrito", motivo_perda: null });
    expect(changesOf(id).map((c) => [c.fromStatus, c.toStatus, c.reason])).toEqual([
      ["novo", "perdido", "outra_instituicao"],
      ["perdido", "inscrito", null],
    ]);
  });

  it("an unknown intent and a post from another site are refused", async () => {
    const id = newLead();
    expect(statusOf(await post(id, { intent: "apagar" }))).toBe(400);
    const crossSite = await settle(() =>
      leadModule.action(
        args(
          formRequest(
            `/contato/lead/${id}`,
            { intent: "status", status: "inscrito" },
            { cookie, headers: { Origin: "https://mal.example" } },
          ),
          {
            id: String(id),
          },
        ),
      ),
    );
    expect(statusOf(crossSite)).toBe(403);
    expect(statusOfLead(id)).toBe("novo");
  });

  it("without a session the page and its action send to the login", async () => {
    const id = newLead();
    const loaded = await settle(() => leadModule.loader(args(getRequest(`/contato/lead/${id}`), { id: String(id) })));
    expect(statusOf(loaded)).toBe(302);
    const posted = await settle(() =>
      leadModule.action(args(formRequest(`/contato/lead/${id}`, { intent: "status", status: "inscrito" }), { id: String(id) })),
    );
    expect(statusOf(posted)).toBe(302);
    expect(statusOfLead(id)).toBe("novo");
  });
});

describe("notes", () => {
  it("are stored as typed, with who and when, and shown as text: markup is never rendered", async () => {
    const id = newLead();
    const markup = `Ligou <script>alert("x")</script> <img src=x onerror=alert(1)> & pediu\nretorno`;
    expect(statusOf(await post(id, { intent: "nota", texto: `  ${markup}  ` }))).toBe(303);
    const [note] = notesOf(id);
    expect(note).toMatchObject({ text: markup, author: ADMIN });

    const { html } = await renderPage(leadModule, "/contato/lead/:id", getRequest(`/contato/lead/${id}`, { cookie }));
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Ligou &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("an empty note, a note too long or with control characters is refused with its message and nothing is stored", async () => {
    const id = newLead();
    for (const [texto, message] of [
      ["   ", "Escreva a nota."],
      ["x".repeat(2001), "A nota pode ter até 2000 caracteres."],
      ["Maria\u0000Silva", "A nota tem caracteres inválidos."],
    ]) {
      const result = await post(id, { intent: "nota", texto });
      expect(statusOf(result)).toBe(400);
      expect(payload(result).errors.texto).toBe(message);
    }
    expect(notesOf(id)).toEqual([]);
  });
});

describe("next contact and Atrasados", () => {
  it("saves a real date, refuses others, clears with an empty field", async () => {
    const id = newLead();
    expect(statusOf(await post(id, { intent: "proximo-contato", proximo_contato: "2026-02-30" }))).toBe(400);
    expect(findLead(id)!.proximo_contato).toBeNull();
    expect(statusOf(await post(id, { intent: "proximo-contato", proximo_contato: "2026-03-10" }))).toBe(303);
    expect(findLead(id)!.proximo_contato).toBe("2026-03-10");
    expect(statusOf(await post(id, { intent: "proximo-contato", proximo_contato: "" }))).toBe(303);
    expect(findLead(id)!.proximo_contato).toBeNull();
  });

  it("the lead page marks a past next contact 'atrasado' while the follow-up is open", async () => {
    const id = newLead();
    const late = async () =>
      payload(await leadModule.loader(args(getRequest(`/contato/lead/${id}`, { cookie }), { id: String(id) }))).lead.atrasado;
    setNextContact(id, "2020-01-02");
    expect(await late()).toBe(true);
    changeLeadStatus(id, { status: "matriculado", reason: null }, ADMIN);
    expect(await late()).toBe(false);
  });

  it("Atrasados: next contact before today in São Paulo, follow-up still open (injected now)", () => {
    const city = `Atrasolândia ${Date.now()}`;
    const yesterday = newLead({ cidade: city });
    const today = newLead({ cidade: city });
    const closed = newLead({ cidade: city });
    const none = newLead({ cidade: city });
    setNextContact(yesterday, "2026-03-09");
    setNextContact(today, "2026-03-10");
    setNextContact(closed, "2026-03-01");
    changeLeadStatus(closed, { status: "matriculado", reason: null }, ADMIN);
    void none;
    const filters = parseLeadFilters(new URLSearchParams({ busca: city, atrasados: "1" }), ["contato"]);
    // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC-3): nothing is late yet but the 8th's.
    const ids = (now: string) => listLeadsPage(filters, 25, new Date(now)).rows.map((row) => row.id);
    expect(ids("2026-03-10T02:30:00Z")).toEqual([]);
    expect(ids("2026-03-10T03:30:00Z")).toEqual([yesterday]);
    expect(ids("2026-03-11T12:00:00Z").sort()).toEqual([yesterday, today].sort());
  });
});

describe("status filter, bulk change and CSV", () => {
  it("the panel filters by status", () => {
    const city = `Filtrópolis ${Date.now()}`;
    const a = newLead({ cidade: city });
    const b = newLead({ cidade: city });
    changeLeadStatus(b, { status: "inscrito", reason: null }, ADMIN);
    const page = (status: string) =>
      listLeadsPage(parseLeadFilters(new URLSearchParams({ busca: city, status }), [])).rows.map((row) => row.id);
    expect(page("inscrito")).toEqual([b]);
    expect(page("novo")).toEqual([a]);
    // An unknown status is ignored, as every invalid filter is.
    expect(page("arquivado").sort()).toEqual([a, b].sort());
  });

  it("'Alterar status dos filtrados': the GET shows the count and changes nothing; the POST changes exactly the filtered leads", async () => {
    const city = `Lotelândia ${Date.now()}`;
    const ids = [newLead({ cidade: city }), newLead({ cidade: city }), newLead({ cidade: city })];
    const outside = newLead({ cidade: "Outra Cidade" });
    changeLeadStatus(ids[2], { status: "perdido", reason: "sem_interesse" }, ADMIN);
    const query = new URLSearchParams({ busca: city, novo_status: "perdido", motivo: "sem_interesse" });

    const confirmation = payload(await bulkModule.loader(args(getRequest(`/contato/alterar-status?${query}`, { cookie }))));
    expect(confirmation.selection).toMatchObject({ total: 3, changes: 2, target: "Perdido (Sem interesse)" });
    expect(ids.map(statusOfLead)).toEqual(["novo", "novo", "perdido"]);

    const { html } = await renderPage(
      bulkModule,
      "/contato/alterar-status",
      getRequest(`/contato/alterar-status?${query}`, { cookie }),
    );
    expect(html).toContain("2 leads passarão para Perdido (Sem interesse)");
    expect(html).toContain("Confirmar alteração");

    // Without the confirmation's intent nothing happens.
    const unconfirmed = await settle(() =>
      bulkModule.action(args(formRequest("/contato/alterar-status", Object.fromEntries(query), { cookie }))),
    );
    expect(statusOf(unconfirmed)).toBe(400);
    expect(ids.map(statusOfLead)).toEqual(["novo", "novo", "perdido"]);

    const done = await settle(() =>
      bulkModule.action(
        args(formRequest("/contato/alterar-status", { ...Object.fromEntries(query), intent: "confirmar" }, { cookie })),
      ),
    );
    expect(statusOf(done)).toBe(303);
    expect((done as Response).headers.get("Location")).toBe(`/contato?busca=${encodeURIComponent(city).replace(/%20/g, "+")}`);
    expect(ids.map(statusOfLead)).toEqual(["perdido", "perdido", "perdido"]);
    expect(statusOfLead(outside)).toBe("novo");
    // One history row per lead that changed, none for the one already there.
    expect(ids.map((id) => changesOf(id).length)).toEqual([1, 1, 1]);
    expect(changesOf(ids[0])[0]).toMatchObject({
      fromStatus: "novo",
      toStatus: "perdido",
      reason: "sem_interesse",
      changedBy: ADMIN,
    });
  });

  it("a bulk change to a status outside the list is refused and writes nothing", async () => {
    const city = `Recusópolis ${Date.now()}`;
    const id = newLead({ cidade: city });
    for (const fields of [
      { busca: city, novo_status: "fechado", motivo: "", intent: "confirmar" },
      { busca: city, novo_status: "perdido", motivo: "caro demais", intent: "confirmar" },
    ]) {
      const result = await settle(() => bulkModule.action(args(formRequest("/contato/alterar-status", fields, { cookie }))));
      expect(statusOf(result)).toBe(400);
      expect(payload(result).error).toMatch(/Escolha um status da lista|Escolha o motivo da perda/);
    }
    expect(statusOfLead(id)).toBe("novo");
    expect(changesOf(id)).toEqual([]);
  });

  it("the CSV keeps its columns and adds 'status' at the end", async () => {
    const city = `Planilhópolis ${Date.now()}`;
    const id = newLead({ cidade: city });
    changeLeadStatus(id, { status: "perdido", reason: "sem_condicoes" }, ADMIN);
    const response = (await csvLoader(
      args(getRequest(`/contato/leads.csv?busca=${encodeURIComponent(city)}`, { cookie })),
    )) as Response;
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header.endsWith(";whatsapp;status;responsavel")).toBe(true);
    expect(header.startsWith("nome;telefone;email;cidade;curso_interesse;polo;data_criacao;")).toBe(true);
    expect(row.endsWith(`;Perdido (Sem condições financeiras);${SELLER}`)).toBe(true);
  });
});

describe("webhooks", () => {
  it("each status change (one lead or a selection) writes one 'lead.status_changed' event per lead; a refused one writes none", async () => {
    const [endpoint] = db
      .insert(schema.webhookEndpoints)
      .values({ url: "http://127.0.0.1:9/crm", secret: "segredo", createdAt: new Date().toISOString(), createdBy: ADMIN })
      .returning()
      .all();
    const events = () =>
      db
        .select()
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.eventType, "lead.status_changed"))
        .all()
        .map((row) => JSON.parse(row.body));
    try {
      const city = `Ganchópolis ${Date.now()}`;
      const [a, b] = [newLead({ cidade: city }), newLead({ cidade: city })];
      await post(a, { intent: "status", status: "perdido" });
      expect(events()).toEqual([]);
      await post(a, { intent: "status", status: "perdido", motivo: "sem_interesse" });
      expect(events()).toHaveLength(1);
      expect(events()[0]).toMatchObject({
        type: "lead.status_changed",
        data: {
          lead: { id: a, cidade: city },
          status: { anterior: "novo", atual: "perdido", motivo_perda: "sem_interesse", alterado_por: ADMIN },
        },
      });
      const fields = { busca: city, novo_status: "inscrito", intent: "confirmar" };
      expect(
        statusOf(await settle(() => bulkModule.action(args(formRequest("/contato/alterar-status", fields, { cookie }))))),
      ).toBe(303);
      expect(
        events()
          .slice(1)
          .map((event) => [event.data.lead.id, event.data.status.anterior, event.data.status.atual])
          .sort(),
      ).toEqual(
        [
          [a, "perdido", "inscrito"],
          [b, "novo", "inscrito"],
        ].sort(),
      );
    } finally {
      db.delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id)).run();
    }
  });
});

describe("the lead page", () => {
  it("shows the person's data, opt-out, and the history: form sent, test result, status changes and notes", async () => {
    const email = `historia.${Date.now()}@example.com`;
    const id = saveLead({ origem: "teste_vocacional", nome: "Helena Histórica", telefone: "(31)97777-1212", email });
    db.update(schema.leads)
      .set({ perfil_resultado: "saude", teste_concluido_em: new Date().toISOString() })
      .where(eq(schema.leads.id, id))
      .run();
    saveLead({ origem: "inscricao", nome: "Helena Histórica", telefone: "(31)97777-1212", email });
    recordOptOuts([{ number: "31977771212", at: new Date().toISOString(), operator: "" }], "painel");
    await post(id, { intent: "status", status: "em_contato" });
    await post(id, { intent: "nota", texto: "Pediu para ligar à tarde" });

    const loaded = payload(await leadModule.loader(args(getRequest(`/contato/lead/${id}`, { cookie }), { id: String(id) })));
    expect(loaded.lead).toMatchObject({ nome: "Helena Histórica", email, status: "em_contato", whatsappOptOut: true });
    const titles = loaded.timeline.map((entry: { title: string }) => entry.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Formulário enviado: Teste vocacional (lead criado)",
        "Formulário enviado: Formulário de inscrição (lead criado)",
        expect.stringMatching(/^Resultado do teste: /),
        "Status: Novo → Em contato",
        "Nota",
      ]),
    );
    const { status, html } = await renderPage(leadModule, "/contato/lead/:id", getRequest(`/contato/lead/${id}`, { cookie }));
    expect(status).toBe(200);
    expect(html).toContain("não quer WhatsApp");
    expect(html).toContain("Pediu para ligar à tarde");
  });

  it("an unknown id is a 404; deleting the person (LGPD) deletes the history and the notes too", async () => {
    const missing = await settle(() => leadModule.loader(args(getRequest("/contato/lead/999999", { cookie }), { id: "999999" })));
    expect(statusOf(missing)).toBe(404);
    const id = newLead();
    await post(id, { intent: "status", status: "em_contato" });
    await post(id, { intent: "nota", texto: "Nota a apagar" });
    // The person's data export (LGPD) carries the follow-up too.
    const [exported] = personDataExport(findLead(id)!).leads;
    expect(exported).toMatchObject({
      status: "em_contato",
      mudancas_de_status: [{ de: "novo", para: "em_contato", por: ADMIN }],
      notas: [
        { texto: `Responsável: Sem responsável → ${SELLER} (regra: ${EVERYONE_RULE})`, por: DISTRIBUTION_AUTHOR },
        { texto: "Nota a apagar", por: ADMIN },
      ],
    });
    deletePerson(findLead(id)!);
    expect(changesOf(id)).toEqual([]);
    expect(allNotesOf(id)).toEqual([]);
  });

  it("EMPTY_FILTERS has the new filters off", () => {
    expect(EMPTY_FILTERS).toMatchObject({ status: null, atrasados: false });
  });
});
