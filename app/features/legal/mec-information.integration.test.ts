import { beforeAll, describe, expect, it } from "vitest";

import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { DOU_DATE_MESSAGE, MATRIX_EMPTY_MESSAGE } from "~/features/courses/course-offer";
import { activeCourses, coursesContent } from "~/features/courses/courses.server";
import { PRESENCIAL_ONLY_COURSES } from "~/features/courses/offer-formats";
import { searchCourses } from "~/features/courses/search";
import { getInstitution, institutionContent } from "~/features/institution/institution.server";
import { EMEC_CODE_MESSAGE, EMEC_URL_MESSAGE } from "~/features/institution/mec";
import { loader as conditionsLoader } from "~/features/legal/offer-conditions";
import { action as editAction } from "~/features/studio/../courses/studio-course";
import { action as newAction } from "~/features/studio/../courses/studio-new";
import { action as institutionAction } from "~/features/studio/../institution/studio";
import { getEntry, getSingleton, listRevisions } from "~/features/studio/store.server";
import { contentWarnings } from "~/features/studio/warnings.server";
import { loader as rootLoader } from "~/root";

import { courseForm } from "../../../tests/support/course-form";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";

function institutionForm(changes: Record<string, string> = {}) {
  const entry = getSingleton(institutionContent);
  const i = entry.data;
  return {
    brandName: i.brandName,
    productName: i.productName,
    groupName: i.groupName,
    companyName: i.companyName,
    taxId: i.taxId,
    phone: i.phone,
    phoneHours: i.phoneHours,
    contactEmail: i.contactEmail,
    privacyEmail: i.privacyEmail,
    addressLines: i.addressLines.join("\n"),
    whatsappNumber: "",
    version: String(entry.version),
    ...changes,
  };
}

const COMPLETE_OFFER = {
  actType: "Reconhecimento",
  actNumber: "Portaria nº 1.234",
  actDate: "20/05/2025",
  evaluationKind: "CPC",
  evaluationGrade: "4",
  evaluationYear: "2023",
  coordinator: "Profa. Maria <b>Souza</b>",
  workloadHours: "3.200",
  curriculum: "Turismo e sociedade; Geografia do turismo\n\nGestão de eventos; Hotelaria",
  readjustmentRule: "Reajuste anual na renovação da matrícula",
  poloIds: ["1", "2"],
};

describe("MEC information: institution and course conditions (decision 084)", () => {
  let cookie = "";
  const editCourse = (id: string, fields: Record<string, string | string[]>) =>
    settle(() => editAction(args(formRequest(`/admin/conteudo/cursos/${id}`, fields, { cookie }), { curso: id })));
  const saveInstitution = (fields: Record<string, string>) =>
    settle(() => institutionAction(args(formRequest("/admin/conteudo/instituicao", fields, { cookie }))));

  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "mec@exemplo.com", "senha-do-marketing-1")).cookie;
  });

  it("seeds no legal value: no seal, every course listed on the overview as 'falta para publicar'", async () => {
    const root = payload(await rootLoader(args(getRequest("/"))));
    expect(root.site.emecSeal).toBeNull();
    expect(root.site.emecCode).toBe("");
    const warnings = contentWarnings().map((warning) => warning.text);
    expect(warnings).toContain("Falta para publicar: código e link do e-MEC (o selo do e-MEC não aparece no rodapé).");
    expect(warnings.some((text) => text.startsWith("Falta para publicar: o Encarregado de dados"))).toBe(true);
    expect(warnings.filter((text) => text.startsWith('Falta para publicar "')).length).toBe(80);
    // The seeded pós-graduação, técnico and profissionalizante (decision 103) are listed like the rest.
    expect(warnings).toContainEqual(expect.stringMatching(/^Falta para publicar "Técnico em Administração": ato/));
    expect(getEntry(coursesContent, "1")!.data).toMatchObject({
      actType: "",
      actNumber: "",
      evaluationGrade: "",
      coordinator: "",
    });
  });

  it("maps the seed's modalities to the decree's formats: the presencial-only courses are Presencial", () => {
    const byName = new Map(
      [...Array(77).keys()].map((index) => {
        const data = getEntry(coursesContent, String(index + 1))!.data;
        return [data.name, data.modality] as const;
      }),
    );
    expect(byName.get("Enfermagem")).toBe("Presencial");
    expect(byName.get("Direito")).toBe("Presencial");
    expect(byName.get("Psicologia")).toBe("Presencial");
    expect(byName.get("Pedagogia")).toBe("Semipresencial");
    expect(byName.get("História - Licenciatura")).toBe("Semipresencial");
    expect(byName.get("Farmácia")).toBe("Semipresencial");
    expect(byName.get("Administração")).toBe("EAD");
    expect([...byName.values()].every((format) => ["Presencial", "Semipresencial", "EAD"].includes(format))).toBe(true);
  });

  it("saves the e-MEC code and link, IGC, dirigentes and Encarregado: the seal and its QR reach every page", async () => {
    const answer = await saveInstitution(
      institutionForm({
        emecCode: "1234",
        emecUrl: "https://emec.mec.gov.br/emec/consulta-cadastro/detalhamento/1234",
        igcGrade: "4",
        igcYear: "2023",
        leaders: "Ana Lima - Reitora\n<script>x</script> - Diretor",
        dpoName: "Carlos <i>Pereira</i>",
        dpoEmail: "dpo@exemplo.edu.br",
      }),
    );
    expect(statusOf(answer)).toBe(303);
    const { site } = payload(await rootLoader(args(getRequest("/"))));
    expect(site.emecSeal).toMatchObject({
      code: "1234",
      url: "https://emec.mec.gov.br/emec/consulta-cadastro/detalhamento/1234",
    });
    expect(site.emecSeal.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(site.emecSeal.qrSvg).toContain('<path d="M');
    // HTML typed in a field is kept as text (React escapes it when shown).
    expect(site.leaders).toEqual(["Ana Lima - Reitora", "<script>x</script> - Diretor"]);
    expect(site.dpoName).toBe("Carlos <i>Pereira</i>");
    const warnings = contentWarnings().map((warning) => warning.text);
    expect(warnings.some((text) => text.includes("e-MEC"))).toBe(false);
    expect(warnings.some((text) => text.includes("Encarregado"))).toBe(false);
    const page = payload(conditionsLoader());
    expect(page.institution).toMatchObject({ emecCode: "1234", igc: { grade: "4", year: "2023" }, ci: null });
  });

  it("refuses a wrong e-MEC code, a link outside the e-MEC and a grade without its year, saving nothing", async () => {
    const before = getSingleton(institutionContent);
    const revisions = listRevisions({ collection: "institution" }).length;
    const answer = await saveInstitution(
      institutionForm({ emecCode: "12A4", emecUrl: "https://emec.example.com/x", ciGrade: "5", ciYear: "" }),
    );
    expect(statusOf(answer)).toBe(400);
    const { error } = payload(answer).result;
    expect(error.emecCode).toEqual([EMEC_CODE_MESSAGE]);
    expect(error.emecUrl).toEqual([EMEC_URL_MESSAGE]);
    expect(error.ciYear).toEqual(["Informe o conceito e o ano juntos"]);
    expect(getSingleton(institutionContent)).toEqual(before);
    expect(listRevisions({ collection: "institution" })).toHaveLength(revisions);
    expect(getInstitution().emecCode).toBe("1234");
  });

  it("saves a course's conditions of offer: its page shows them, /condicoes-de-oferta lists its act and grade", async () => {
    expect(statusOf(await editCourse("74", courseForm("74", COMPLETE_OFFER)))).toBe(303);
    const stored = getEntry(coursesContent, "74")!.data;
    expect(stored).toMatchObject({
      actDate: "2025-05-20",
      workloadHours: 3200,
      curriculum: [
        ["Turismo e sociedade", "Geografia do turismo"],
        ["Gestão de eventos", "Hotelaria"],
      ],
      poloIds: ["1", "2"],
      coordinator: "Profa. Maria <b>Souza</b>",
    });
    const path = stored.path;
    const { conditions } = payload(coursePathLoader(args(getRequest(path), { "*": path.slice(1) })));
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({
      act: { type: "Reconhecimento", number: "Portaria nº 1.234", date: "2025-05-20" },
      evaluation: { kind: "CPC", grade: "4", year: "2023" },
      missing: [],
    });
    expect(conditions[0].polos).toHaveLength(2);
    const listed = payload(conditionsLoader()).courses.find((course: { id: number }) => course.id === 74);
    expect(listed.act.number).toBe("Portaria nº 1.234");
    expect(contentWarnings().some((warning) => warning.to === "/admin/conteudo/cursos/74")).toBe(false);
  });

  it("refuses a DOU date in the wrong format, a matrix of 0 periods and half an act, next to each field, saving nothing", async () => {
    const before = getEntry(coursesContent, "73")!;
    const answer = await editCourse(
      "73",
      courseForm("73", { actType: "Autorização", actNumber: "", actDate: "2025-13-45", curriculum: " ; ;\n;" }),
    );
    expect(statusOf(answer)).toBe(400);
    const { error } = payload(answer).result;
    expect(error.actDate).toEqual([DOU_DATE_MESSAGE]);
    expect(error.curriculum).toEqual([MATRIX_EMPTY_MESSAGE]);
    expect(getEntry(coursesContent, "73")).toEqual(before);
    const half = await editCourse("73", courseForm("73", { actType: "Autorização", actNumber: "", actDate: "20/05/2025" }));
    expect(statusOf(half)).toBe(400);
    expect(payload(half).result.error.actNumber).toEqual(["Informe o tipo, o número e a data do DOU do ato juntos"]);
    expect(getEntry(coursesContent, "73")).toEqual(before);
  });

  it("refuses any format but Presencial for the courses the decree keeps presencial", async () => {
    expect(PRESENCIAL_ONLY_COURSES).toContain("Direito");
    const direito = [...Array(77).keys()]
      .map((i) => String(i + 1))
      .find((id) => getEntry(coursesContent, id)!.data.name === "Direito")!;
    const answer = await editCourse(direito, courseForm(direito, { modality: "EAD" }));
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.modality).toEqual(["Pelo Decreto 12.456/2025 este curso só pode ser presencial"]);
    const created = await settle(() =>
      newAction(
        args(
          formRequest(
            "/admin/conteudo/cursos/novo",
            { ...courseForm("74", { name: "Medicina", path: "/medicina", modality: "Semipresencial" }), version: "0" },
            { cookie },
          ),
        ),
      ),
    );
    expect(statusOf(created)).toBe(400);
    expect(payload(created).result.error.modality).toEqual(["Pelo Decreto 12.456/2025 este curso só pode ser presencial"]);
  });

  it("a save from an older version of a course is refused whole (concurrent save)", async () => {
    const form = courseForm("72", { coordinator: "Primeiro" });
    expect(statusOf(await editCourse("72", form))).toBe(303);
    const stale = await editCourse("72", { ...form, coordinator: "Segundo", workloadHours: "2400" });
    expect(statusOf(stale)).toBe(409);
    expect(getEntry(coursesContent, "72")!.data.coordinator).toBe("Primeiro");
  });

  it("knows the levels: the seed has an active course of each level its campaign cards sell; one that loses it is flagged", async () => {
    const flagged = () =>
      contentWarnings()
        .map((warning) => warning.text)
        .filter((text) => text.includes("mas nenhum curso ativo é desse nível"));
    // The seed (decision 103): one pós-graduação, one técnico, one profissionalizante, no card flagged.
    expect(flagged()).toEqual([]);
    expect(searchCourses(activeCourses(), "pós").map((course) => course.name)).toEqual(["Pós-graduação em Gestão de Pessoas"]);
    expect(searchCourses(activeCourses(), "técnico").map((course) => course.level)).toContain("Técnico");
    expect(searchCourses(activeCourses(), "profissionalizante").map((course) => course.name)).toEqual([
      "Assistente Administrativo",
    ]);
    // Without its only pós-graduação, both cards that sell the level (offer and price) are flagged, once each.
    expect(statusOf(await editCourse("78", courseForm("78", { active: undefined })))).toBe(303);
    expect(flagged()).toEqual([
      'O cartão "Pós-graduação" vende Pós-graduação, mas nenhum curso ativo é desse nível: cadastre um curso ou retire o cartão.',
    ]);
    expect(searchCourses(activeCourses(), "pós")).toEqual([]);
    const created = await settle(() =>
      newAction(
        args(
          formRequest(
            "/admin/conteudo/cursos/novo",
            {
              ...courseForm("74", { name: "MBA em Gestão de Eventos", path: "/mba-gestao-de-eventos", level: "Pós-graduação" }),
              version: "0",
            },
            { cookie },
          ),
        ),
      ),
    );
    expect(statusOf(created)).toBe(303);
    expect(flagged()).toEqual([]);
    expect(searchCourses(activeCourses(), "pós").map((course) => course.name)).toEqual(["MBA em Gestão de Eventos"]);
    expect(searchCourses(activeCourses(), "MBA")[0]?.level).toBe("Pós-graduação");
  });
});
