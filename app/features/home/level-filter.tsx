import { type HomeCatalogue, homeHref, type HomePolos } from "~/features/home/home-data";

/**
 * The catalogue's levels (Graduação, Pós-graduação, Técnico, Profissionalizante): plain links to
 * `/?nivel=…#cursos` that narrow the featured block, the tabs and the search to one level. Shown only
 * when the active catalogue has courses of two levels or more.
 */
export function LevelFilter({ catalogue, polos }: { catalogue: HomeCatalogue; polos: HomePolos }) {
  if (catalogue.levels.length < 2) return null;
  const keep = { q: catalogue.term, polo: polos.term, allPolos: polos.showAll };
  const links = [
    { key: "todos", label: "Todos os níveis", href: homeHref(keep, "cursos"), current: catalogue.level === null },
    ...catalogue.levels.map((level) => ({
      key: level.slug,
      label: `${level.name} (${level.count})`,
      href: homeHref({ ...keep, level: level.name }, "cursos"),
      current: catalogue.level === level.name,
    })),
  ];
  return (
    <nav aria-label="Níveis de ensino" className="mt-4" data-testid="level-filter">
      {/* One sideways row on a phone (the home page stays within ten screens), wrapped from 640 px. */}
      <ul className="flex gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:overflow-visible">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              aria-current={link.current ? "true" : undefined}
              className={`inline-block whitespace-nowrap rounded-full border px-4 py-2 text-sm font-semibold ${
                link.current
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700"
              }`}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
