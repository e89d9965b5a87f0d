import { describe, expect, it } from "vitest";

import { courses } from "~/features/courses/courses.seed";
import { robotsTxt, sitemapUrls, sitemapXml } from "~/features/resources/sitemap";

describe("sitemap", () => {
  it("lists public pages and each course path once, absolute", () => {
    const urls = sitemapUrls("https://exemplo.edu.br/", [
      "/enfermagem",
      "/educacaofisica",
      "/educacaofisica",
      "cursos/biomedicina",
    ]);
    expect(urls).toContain("https://exemplo.edu.br/");
    expect(urls).toContain("https://exemplo.edu.br/campanha-relampago");
    expect(urls).toContain("https://exemplo.edu.br/cursos/biomedicina");
    expect(urls.filter((u) => u.endsWith("/educacaofisica"))).toHaveLength(1);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.some((u) => /contato|login-admin|whatsapp|submissoes/.test(u))).toBe(false);
  });
  it("covers every course of the catalogue", () => {
    const urls = sitemapUrls(
      "https://exemplo.edu.br",
      courses.map((c) => c.url),
    );
    for (const course of courses) expect(urls).toContain(`https://exemplo.edu.br${course.url}`);
  });
  it("writes escaped sitemap XML", () => {
    const xml = sitemapXml(["https://exemplo.edu.br/?a=1&b=2"]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://exemplo.edu.br/?a=1&amp;b=2</loc>");
  });
});

describe("robots.txt", () => {
  it("disallows admin, WhatsApp and test-internal routes and links the sitemap", () => {
    const txt = robotsTxt("https://exemplo.edu.br");
    for (const path of [
      "/contato",
      "/login-admin",
      "/whatsapp",
      "/teste-vocacional/submissoes",
      "/teste-vocacional/perguntas",
      "/fale-conosco/whatsapp",
    ]) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
    expect(txt).not.toMatch(/Disallow: \/\n/);
    expect(txt).toContain("Sitemap: https://exemplo.edu.br/sitemap.xml");
  });
});
