// Sent inline, cut down to the page's rules, and linked only after the first paint (server/document.server.ts).
import "./app.css";

import type { ReactNode } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";

import type { Route } from "./+types/root";
import { ErrorPage } from "./components/layout/error-page";
import { NoscriptRefreshMeta } from "./components/layout/noscript-refresh";
import { SectionJumps } from "./components/layout/section-jumps";
import { ErrorShell } from "./components/layout/shells";
import interLatin from "./fonts/inter-latin-pt-wght.woff2?url";
import { skipRevalidationAfterConnectionLost } from "./lib/offline-submit";
import { loadsFramework } from "./lib/page-scripts";
import { publicSite } from "./server/content/site.server";
import { rememberAttribution } from "./server/leads/attribution.server";
import { commitVisitor, getVisitorSession } from "./server/platform/session.server";
import { takeToast } from "./server/platform/toast.server";

/** A form that lost its connection changed nothing: the layout's data is not asked for again (lib/offline-submit). */
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getVisitorSession(request);
  const toast = takeToast(session);
  const changed = rememberAttribution(request, session) || toast !== null;
  const headers = changed ? { "Set-Cookie": await commitVisitor(session) } : undefined;
  const nonce = context.cspNonce;
  return data({ site: publicSite(), toast, nonce }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers();
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) merged.append("Set-Cookie", cookie);
  }
  return merged;
};

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = rootData?.nonce;
  // Marketing pages load no React in the browser; their islands are added by the server (decision 092).
  const framework = loadsFramework(useMatches());
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a46a3" />
        <Meta />
        <Links />
        <NoscriptRefreshMeta />
      </head>
      <body>
        <a
          href="#conteudo"
          className="sr-only z-[70] rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Pular para o conteúdo
        </a>
        {/* The page's header, <main> and footer come from its layout route (app/routes.ts), or from ErrorShell. */}
        {children}
        {framework ? (
          <>
            <SectionJumps />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  // The error pages name themselves with their own <title>; a second one here would win the tab.
  if (error) return [];
  return [{ title: "Universidade - Graduação, Pós e Cursos Técnicos EAD" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorShell>
      <ErrorPage error={error} />
    </ErrorShell>
  );
}
