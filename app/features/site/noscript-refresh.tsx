import { useMatches } from "react-router";

/** What a route's `handle.noscriptRefresh` returns from its loader data: where to go, and after how long. */
export type NoscriptRefresh = { seconds: number; url: string };

type WithRefresh = { noscriptRefresh?: (data: never) => NoscriptRefresh };

/**
 * A timed move to another page for visitors without JavaScript (the vocational analysis screen).
 * It is a <meta http-equiv="refresh"> inside <noscript>, so that with scripts on the browser
 * ignores it and the page's own code decides; and it is rendered in <head> (the root layout)
 * because that is the only place HTML allows either a refresh <meta> or a <noscript> holding one.
 */
export function NoscriptRefreshMeta() {
  for (const match of useMatches()) {
    const handle = match.handle as WithRefresh | undefined;
    if (!handle?.noscriptRefresh || !match.data) continue;
    const { seconds, url } = handle.noscriptRefresh(match.data as never);
    return (
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${url}`} />
      </noscript>
    );
  }
  return null;
}
