import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { homeContent } from "~/features/home/home.server";
import { getInstitution, institutionContent } from "~/features/institution/institution.server";
import { action as institutionAction, loader as institutionLoader } from "~/features/studio/../institution/studio";
import { action as historyAction, loader as historyLoader } from "~/features/studio/history";
import { loader as overviewLoader } from "~/features/studio/overview";
import {
  type ContentCollection,
  contentGeneration,
  getEntry,
  listEntries,
  listRevisions,
  removeEntry,
  restoreRevision,
  saveEntry,
  SEED_AUTHOR,
  SINGLETON_ID,
} from "~/features/studio/store.server";
import { db, schema } from "~/platform/db/client.server";
import { loader as rootLoader } from "~/root";

import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { expectStaleSave } from "../../../tests/support/saved-content";
import { signedInStaff } from "../../../tests/support/staff-login";

const notes: ContentCollection<{ title: string; body: string }> = {
  name: "test-notes",
  schema: z.object({ title: z.string().min(1), body: z.string() }),
  seed: () => [
    { id: "a", data: { title: "Primeira", body: "um" } },
    { id: "b", data: { title: "Segunda", body: "dois" } },
  ],
};

describe("content store", () => {
  it("seeds an empty collection once, in order, with a first revision by 'Conteúdo inicial'", () => {
    const entries = listEntries(notes);
    expect(entries.map((entry) => [entry.id, entry.data.title, entry.version])).toEqual([
      ["a", "Primeira", 1],
      ["b", "Segunda", 1],
    ]);
    expect(listRevisions({ collection: notes.name }).map((revision) => revision.savedBy)).toEqual([SEED_AUTHOR, SEED_AUTHOR]);
    listEntries(notes);
    expect(listRevisions({ collection: notes.name })).toHaveLength(2);
  });

  it("saves from the current version, keeps a revision naming the changed fields, and moves the generation on", () => {
    const generation = contentGeneration();
    const result = saveEntry(notes, {
      id: "a",
      data: { title: "Primeira!", body: "um" },
      expectedVersion: 1,
      by: "ana@exemplo.com",
    });
    expect(result).toEqual({ ok: true, version: 2 });
    expect(getEntry(notes, "a")?.data.title).toBe("Primeira!");
    expect(contentGeneration()).toBeGreaterThan(generation);
    const [latest] = listRevisions({ collection: notes.name, entryId: "a" });
    expect(latest).toMatchObject({ version: 2, savedBy: "ana@exemplo.com", changed: '["title"]' });
  });

  it("refuses a save from an older version with who saved last and when, and changes nothing", () => {
    const before = getEntry(notes, "a");
    const result = saveEntry(notes, {
      id: "a",
      data: { title: "Outra", body: "x" },
      expectedVersion: 1,
      by: "bruno@exemplo.com",
    });
    expect(result).toEqual({ ok: false, conflict: { by: "ana@exemplo.com", at: before!.updatedAt } });
    expect(getEntry(notes, "a")).toEqual(before);
  });

  it("refuses a document its schema does not accept, writing nothing", () => {
    const revisions = listRevisions({ collection: notes.name }).length;
    expect(() => saveEntry(notes, { id: "a", data: { title: "", body: "" }, expectedVersion: 2, by: "x" })).toThrow();
    expect(listRevisions({ collection: notes.name })).toHaveLength(revisions);
    expect(getEntry(notes, "a")?.version).toBe(2);
  });

  it("restores an old version as a new one, and brings a removed item back", () => {
    const first = listRevisions({ collection: notes.name, entryId: "a" }).at(-1)!;
    expect(restoreRevision(notes, first, "carla@exemplo.com")).toEqual({ ok: true, version: 3 });
    expect(getEntry(notes, "a")?.data.title).toBe("Primeira");

    expect(removeEntry(notes, { id: "b", expectedVersion: 1, by: "carla@exemplo.com" })).toEqual({ ok: true, version: 2 });
    expect(getEntry(notes, "b")).toBeUndefined();
    const seeded = listRevisions({ collection: notes.name, entryId: "b" }).at(-1)!;
    expect(restoreRevision(notes, seeded, "carla@exemplo.com")).toEqual({ ok: true, version: 3 });
    expect(getEntry(notes, "b")?.data.title).toBe("Segunda");
  });
});

describe("studio: Instituição", () => {
  let cookie = "";

  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "marketing@exemplo.com", "senha-do-marketing-1")).cookie;
  });
  /** The admin's post of the Instituição form. */
  const saveInstitution = (fields: Record<string, string>) =>
    institutionAction(args(formRequest("/admin/conteudo/instituicao", fields, { cookie })));

  const valid = {
    brandName: "Universidade Horizonte",
    productName: "Horizonte",
    groupName: "Grupo Horizonte",
    companyName: "Horizonte Educação Ltda.",
    taxId: "11222333000181",
    phone: "0800 123 4567",
    phoneHours: "Segunda a sábado, das 8h às 20h",
    contactEmail: "contato@horizonte.edu.br",
    privacyEmail: "privacidade@horizonte.edu.br",
    addressLines: "Av. Afonso Pena, 1000\n\nBelo Horizonte - MG, 30130-000",
    "socialLinks.instagram": "https://instagram.com/horizonte",
    "socialLinks.facebook": "",
    "socialLinks.youtube": "",
    "socialLinks.linkedin": "",
    whatsappNumber: "(31) 99876-5432",
  };

  it("refuses anonymous visitors: the login page, remembering the studio", async () => {
    const answer = await settle(() => institutionLoader(args(getRequest("/admin/conteudo/instituicao"))));
    expect(statusOf(answer)).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/login-admin?redirectTo=%2Fadmin%2Fconteudo%2Finstituicao");
    const post = await settle(() =>
      institutionAction(args(formRequest("/admin/conteudo/instituicao", { ...valid, version: "1" }))),
    );
    expect(statusOf(post)).toBe(302);
    expect(getInstitution().brandName).not.toBe(valid.brandName);
  });

  it("starts from the seed: no placeholder CNPJ, no '#' social links, and the overview warns about them", async () => {
    const loaded = payload(await institutionLoader(args(getRequest("/admin/conteudo/instituicao", { cookie }))));
    expect(loaded.institution.taxId).toBe("");
    expect(loaded.institution.socialLinks).toEqual({ instagram: "", facebook: "", youtube: "", linkedin: "" });
    const overview = payload(await overviewLoader(args(getRequest("/admin/conteudo", { cookie }))));
    const texts = overview.warnings.map((warning: { text: string }) => warning.text);
    expect(texts).toContain("CNPJ não informado: o rodapé e as páginas legais aparecem sem CNPJ.");
    expect(texts).toContain("Sem número de WhatsApp para estudantes: nenhum botão de WhatsApp aparece no site.");
    // Decision 081: the seed's identity, address and polo phones are listed until replaced.
    expect(texts).toContain('O nome da marca ainda é o exemplo do conteúdo inicial ("Universidade Exemplo").');
    expect(texts).toContain('O nome do grupo ainda é o exemplo do conteúdo inicial ("Grupo Educacional Exemplo").');
    expect(
      texts.some((text: string) => text.startsWith('O endereço ainda é o exemplo do conteúdo inicial ("Rua Exemplo, 100')),
    ).toBe(true);
    expect(texts).toContain('29 polos ativos ainda têm o telefone de exemplo do conteúdo inicial ("(DD) 3000-0xxx").');
    // The polo count is derived by default: no typed "1000+" to flag.
    expect(texts.some((text: string) => text.startsWith("O número de polos anunciado"))).toBe(false);
  });

  it("flags a typed polo count above the active polos (the spec's '1000+') on the overview", async () => {
    const home = getEntry(homeContent, SINGLETON_ID)!;
    saveEntry(homeContent, {
      id: SINGLETON_ID,
      data: { ...home.data, poloCount: 1000 },
      expectedVersion: home.version,
      by: "teste",
    });
    try {
      const overview = payload(await overviewLoader(args(getRequest("/admin/conteudo", { cookie }))));
      expect(overview.warnings.map((warning: { text: string }) => warning.text)).toContain(
        "O número de polos anunciado (1000+) é digitado e passa dos polos ativos do cadastro (29): confirme que a rede tem esse tamanho ou deixe o campo vazio para calcular.",
      );
    } finally {
      const now = getEntry(homeContent, SINGLETON_ID)!;
      saveEntry(homeContent, { id: SINGLETON_ID, data: home.data, expectedVersion: now.version, by: "teste" });
    }
  });

  it("flags a typed course count above the active courses ('Cursos 200') on the overview, as it does for polos", async () => {
    const home = getEntry(homeContent, SINGLETON_ID)!;
    saveEntry(homeContent, {
      id: SINGLETON_ID,
      data: { ...home.data, courseCount: 200 },
      expectedVersion: home.version,
      by: "teste",
    });
    try {
      const overview = payload(await overviewLoader(args(getRequest("/admin/conteudo", { cookie }))));
      expect(overview.warnings.map((warning: { text: string }) => warning.text)).toContainEqual(
        expect.stringMatching(
          /^O número de cursos anunciado \(200\+\) é digitado e passa dos cursos ativos do catálogo \(\d+\): confirme esse número ou deixe o campo vazio para calcular\.$/,
        ),
      );
    } finally {
      const now = getEntry(homeContent, SINGLETON_ID)!;
      saveEntry(homeContent, { id: SINGLETON_ID, data: home.data, expectedVersion: now.version, by: "teste" });
    }
  });

  it("refuses bad input with a message next to each field and saves nothing", async () => {
    const before = getEntry(institutionContent, SINGLETON_ID);
    const answer = await saveInstitution({
      ...valid,
      taxId: "11.222.333/0001-82",
      contactEmail: "não é e-mail",
      whatsappNumber: "12345",
      "socialLinks.instagram": "javascript:alert(1)",
      brandName: "",
      version: String(before!.version),
    });
    expect(statusOf(answer)).toBe(400);
    const errors = payload(answer).result.error;
    expect(errors.taxId).toEqual(["CNPJ inválido - confira os números"]);
    expect(errors.contactEmail).toEqual(["E-mail inválido"]);
    expect(errors.whatsappNumber).toEqual(["Número de WhatsApp inválido - Formato: (99)99999-9999"]);
    expect(errors["socialLinks.instagram"]).toEqual(["Endereço inválido - use um link completo, começando com https://"]);
    expect(errors.brandName).toEqual(["Campo obrigatório"]);
    // What was typed comes back.
    expect(payload(answer).result.initialValue.contactEmail).toBe("não é e-mail");
    expect(getEntry(institutionContent, SINGLETON_ID)).toEqual(before);
  });

  it("a save is live on the next request: the root loader's site carries the new identity", async () => {
    const { version } = getEntry(institutionContent, SINGLETON_ID)!;
    const answer = await saveInstitution({ ...valid, version: String(version) });
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/conteudo/instituicao");
    const root = payload(await rootLoader(args(getRequest("/"))));
    expect(root.site).toMatchObject({
      brandName: "Universidade Horizonte",
      taxId: "11.222.333/0001-81",
      addressLines: ["Av. Afonso Pena, 1000", "Belo Horizonte - MG, 30130-000"],
      whatsappNumber: "5531998765432",
      socialLinks: { instagram: "https://instagram.com/horizonte", facebook: "" },
    });
  });

  it("a second admin saving from the old version is refused with who and when, and their input is kept", async () => {
    const current = getEntry(institutionContent, SINGLETON_ID)!;
    const answer = await saveInstitution({ ...valid, brandName: "Outra Marca", version: String(current.version - 1) });
    const result = expectStaleSave(answer, "marketing@exemplo.com");
    expect(result.initialValue.brandName).toBe("Outra Marca");
    expect(getInstitution().brandName).toBe("Universidade Horizonte");
  });

  it("the history lists the save and 'Restaurar' puts the seeded identity back", async () => {
    const history = payload(await historyLoader(args(getRequest("/admin/conteudo/historico", { cookie }))));
    const rows = history.rows.filter((row: { section: string }) => row.section === "Instituição");
    expect(rows[0]).toMatchObject({ current: true, savedBy: "marketing@exemplo.com" });
    // The form's labels, not the stored names (decision 097).
    expect(rows[0].changes.split(", ")).toEqual(expect.arrayContaining(["Nome da instituição", "CNPJ", "WhatsApp"]));
    const seeded = rows.at(-1);
    expect(seeded).toMatchObject({ savedBy: SEED_AUTHOR, current: false });
    const answer = await historyAction(
      args(formRequest("/admin/conteudo/historico", { revision: String(seeded.id) }, { cookie })),
    );
    expect(statusOf(answer)).toBe(303);
    expect(getInstitution().brandName).toBe("Universidade Exemplo");
    expect(getInstitution().taxId).toBe("");
    const revisions = db
      .select()
      .from(schema.contentRevisions)
      .all()
      .filter((row) => row.collection === "institution");
    expect(revisions).toHaveLength(3);
  });
});
