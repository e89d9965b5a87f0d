import { describe, expect, it } from "vitest";

import { courses } from "~/features/courses/courses.seed";
import { searchCourses, searchPolos } from "~/features/courses/search";

describe("the finder understands the words visitors use for a format", () => {
  it("'híbrido' finds the Semipresencial courses, 'online' and 'a distância' the EAD ones", () => {
    const hybrid = searchCourses(courses, "híbrido");
    expect(hybrid.length).toBeGreaterThan(0);
    expect(new Set(hybrid.map((course) => course.modality))).toEqual(new Set(["Semipresencial"]));
    expect(searchCourses(courses, "Hibrido")).toEqual(hybrid);

    const online = searchCourses(courses, "online");
    expect(online.length).toBeGreaterThan(0);
    expect(new Set(online.map((course) => course.modality))).toEqual(new Set(["EAD"]));
    expect(searchCourses(courses, "a distância")).toEqual(online);
    expect(searchCourses(courses, "EAD")).toEqual(online);
  });

  it("a course's own name still finds it, and a word of no format adds nothing", () => {
    expect(searchCourses(courses, "Direito").map((course) => course.name)).toContain("Direito");
    expect(searchCourses(courses, "xyzzy")).toEqual([]);
  });
});

describe("the polo finder understands a state's name", () => {
  const polos = [
    { location: "Curitiba - Centro - PR", phone: "" },
    { location: "Joinville - Centro - SC", phone: "" },
    { location: "Paranavaí - Centro - PR", phone: "" },
  ];

  it("'Paraná' (with or without the accent) finds the PR polos, as 'PR' does; 'Santa Catarina' the SC one", () => {
    const found = (term: string) => searchPolos(polos, term).map((polo) => polo.location);
    expect(found("Paraná")).toEqual(["Curitiba - Centro - PR", "Paranavaí - Centro - PR"]);
    expect(found("parana")).toEqual(["Curitiba - Centro - PR", "Paranavaí - Centro - PR"]);
    expect(found("PR")).toEqual(["Curitiba - Centro - PR", "Paranavaí - Centro - PR"]);
    expect(found("Santa Catarina")).toEqual(["Joinville - Centro - SC"]);
    expect(found("Bahia")).toEqual([]);
  });
});
