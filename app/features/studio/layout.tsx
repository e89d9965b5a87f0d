import { NavLink, Outlet } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import { STUDIO_SECTIONS } from "~/features/studio/studio";
import { privatePageMeta } from "~/shared/seo";

import type { Route } from "./+types/layout";

/**
 * /admin/conteudo: the content studio, where the marketing team edits the site's identity,
 * texts, campaign, courses and photos. Admin only; every page and form works without JavaScript.
 */

export const meta = privatePageMeta("Conteúdo do site - Painel Administrativo", "Edição do conteúdo do site.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  // Guard only: the signed-in user is shown by the admin layout (routes/staff/layout.tsx).
  return null;
}

export default function ContentStudio() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-8">
      <nav aria-label="Seções do conteúdo" className="mb-6 lg:mb-0">
        <ul className="flex flex-wrap gap-1 text-sm lg:flex-col">
          {STUDIO_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={"end" in section ? section.end : false}
                className="block rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
