/** /robots.txt (placeholder; replaced below in the same issue). */
export function loader() {
  return new Response("User-agent: *\nAllow: /\n", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
