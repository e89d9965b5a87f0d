/**
 * The part of the site's stylesheet one rendered page needs for its first paint: every rule without
 * a class selector (preflight, theme variables, @font-face, @property, @keyframes) and every rule
 * whose classes all appear in the page's class attributes; of a selector list, only the selectors
 * whose classes and element names (outside brackets and parentheses) the page has. Hover, focus, :target, [open] and media
 * variants of those classes stay, so the page works fully without JavaScript; classes that only
 * scripts add later are covered by the full stylesheet, which document.server.ts loads after the
 * first paint.
 *
 * Works on the minified Tailwind output: rules, at-rule blocks (@media, @supports, @layer) and
 * leaf at-rules; strings and escapes are respected. Anything it does not understand is kept.
 */

type Node =
  | { kind: "text"; text: string } // kept as is: leaf at-rules, declarations-only blocks, statements
  | { kind: "rule"; selector: string; text: string; selectors: { text: string; classes: string[]; elements: string[] }[] }
  | { kind: "block"; prelude: string; children: Node[] };

/** Finds the index of the `}` closing the block whose `{` is at `open` (strings and escapes skipped). */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") {
      i++;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < css.length && css[i] !== c) i += css[i] === "\\" ? 2 : 1;
    } else if (c === "{") {
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return css.length - 1;
}

/**
 * Splits `text` at each `separator` outside parentheses, brackets and strings (escapes skipped): a
 * selector list at its commas, a rule's body at its semicolons.
 */
function splitTopLevel(text: string, separator: "," | ";"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === "\\" ? 2 : 1;
    } else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The element names a selector requires: type selectors outside brackets and parentheses ('h1',
 * 'ul li', 'input:where([type=button])'). Inside :not(), :is() or :where() a name may be optional or
 * excluded, so those are not counted; escaped characters belong to class names and are skipped.
 */
export function selectorElements(selector: string): string[] {
  let plain = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      plain += "__";
      i++;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < selector.length && selector[i] !== c) i += selector[i] === "\\" ? 2 : 1;
    } else if (c === "(" || c === "[") {
      depth++;
      plain += " ";
    } else if (c === ")" || c === "]") {
      depth--;
    } else if (depth === 0) {
      plain += c;
    }
  }
  return [...plain.matchAll(/(?:^|[\s>+~])([a-z][\w-]*)/gi)].map((match) => match[1].toLowerCase());
}

/** The class names a selector requires, unescaped ('.sm\:px-6' → 'sm:px-6'). */
export function selectorClasses(selector: string): string[] {
  // Attribute selectors ([href$=".pdf"]) may contain dots: blank them out first. An escaped
  // bracket belongs to a class name (.top-\[100px\]) and stays.
  let plain = "";
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      plain += selector.slice(i, i + 2);
      i++;
    } else if (c === "[") {
      while (i < selector.length && selector[i] !== "]") i += selector[i] === "\\" ? 2 : 1;
      plain += "[]";
    } else {
      plain += c;
    }
  }
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1].replace(/\\(.)/g, "$1"));
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    const brace = css.indexOf("{", i);
    const semicolon = css.indexOf(";", i);
    if (css[i] === "@" && semicolon >= 0 && (brace < 0 || semicolon < brace)) {
      // A statement at-rule: @layer a, b; @import ...; @charset ...;
      nodes.push({ kind: "text", text: css.slice(i, semicolon + 1) });
      i = semicolon + 1;
      continue;
    }
    if (brace < 0) {
      nodes.push({ kind: "text", text: css.slice(i) });
      break;
    }
    const prelude = css.slice(i, brace).trim();
    const close = closingBrace(css, brace);
    const body = css.slice(brace + 1, close);
    const text = css.slice(i, close + 1);
    if (/^@(media|supports|layer|container|scope)\b/i.test(prelude)) {
      nodes.push({ kind: "block", prelude, children: parse(body) });
    } else if (prelude.startsWith("@") || body.includes("{")) {
      // @font-face, @property, @keyframes, nested rules: kept whole.
      nodes.push({ kind: "text", text });
    } else {
      const selectors = splitTopLevel(prelude, ",").map((text) => ({
        text,
        classes: selectorClasses(text),
        elements: selectorElements(text),
      }));
      nodes.push({ kind: "rule", selector: prelude, text, selectors });
    }
    i = close + 1;
  }
  return nodes;
}

/** Custom-property declarations (--name:value) of a rule's body, with their names. */
function declarations(rule: string): { name: string; text: string }[] | null {
  const parts = splitTopLevel(rule.slice(rule.indexOf("{") + 1, rule.lastIndexOf("}")), ";");
  const result: { name: string; text: string }[] = [];
  for (const part of parts) {
    if (!part.trim()) continue;
    const name = part.match(/^\s*(--[\w-]+)\s*:/)?.[1];
    if (!name) return null; // not only custom properties: keep the rule whole
    result.push({ name, text: part });
  }
  return result;
}

const PROPERTY_RULE = /^@property\s+(--[\w-]+)/;
/** Tailwind's layers that only define custom properties: the theme and the @property fallbacks. */
const VARIABLE_LAYERS = /^@layer\s+(theme|properties)\s*$/i;

/**
 * How to render: `scan` leaves out the variable definitions (theme, properties, @property) to see
 * which variables the kept rules reference; `prune` keeps only the definitions in `used`.
 */
type Mode = { kind: "scan" } | { kind: "prune"; used: Set<string> };

/** What a page has: the class names of its class attributes and the names of its elements. */
type PageParts = { classes: Set<string>; elements: Set<string> };

function render(nodes: Node[], page: PageParts, mode: Mode, inVariableLayer = false): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") {
      const property = node.text.match(PROPERTY_RULE)?.[1];
      if (property && (mode.kind === "scan" || !mode.used.has(property))) continue;
      out += node.text;
    } else if (node.kind === "rule") {
      const matching = node.selectors.filter(
        (s) => s.classes.every((name) => page.classes.has(name)) && s.elements.every((name) => page.elements.has(name)),
      );
      if (!matching.length) continue;
      const selector = matching.length === node.selectors.length ? node.selector : matching.map((s) => s.text).join(",");
      const text = selector === node.selector ? node.text : selector + node.text.slice(node.text.indexOf("{"));
      const variables = inVariableLayer ? declarations(node.text) : null;
      if (variables && mode.kind === "prune") {
        const kept = variables.filter((v) => mode.used.has(v.name));
        if (kept.length) out += `${selector}{${kept.map((v) => v.text).join(";")}}`;
      } else {
        out += text;
      }
    } else {
      const variableLayer = inVariableLayer || VARIABLE_LAYERS.test(node.prelude);
      if (variableLayer && mode.kind === "scan") continue;
      const inner = render(node.children, page, mode, variableLayer);
      // An empty @layer block still fixes the layer order: keep it.
      if (inner || /^@layer\b/i.test(node.prelude)) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The custom properties `text` references, followed through the definitions in `css`. */
function usedVariables(text: string, definitions: Map<string, string>): Set<string> {
  const used = new Set<string>();
  const pending = [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);
  // Variables the kept rules set themselves (--tw-shadow:...) keep their @property registration.
  for (const m of text.matchAll(/[{;](--[\w-]+)\s*:/g)) pending.push(m[1]);
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    const value = definitions.get(name);
    if (value) for (const m of value.matchAll(/var\(\s*(--[\w-]+)/g)) pending.push(m[1]);
  }
  return used;
}

/** Every custom-property definition in the stylesheet (name → value, all of them concatenated). */
function collectDefinitions(nodes: Node[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (node.kind === "block") collectDefinitions(node.children, into);
    else if (node.kind === "rule") {
      for (const m of node.text.matchAll(/[{;](--[\w-]+)\s*:([^;}]*)/g)) into.set(m[1], (into.get(m[1]) ?? "") + m[2]);
    }
  }
  return into;
}

/** The class names used in an HTML document's class attributes. */
export function documentClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) {
      if (name)
        classes.add(
          name
            .replace(/&amp;/g, "&")
            .replace(/&quot;/g, '"')
            .replace(/&#x27;/g, "'")
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">"),
        );
    }
  }
  return classes;
}

const parsed = new Map<string, { nodes: Node[]; definitions: Map<string, string> }>();

/** The element names of an HTML document's tags (lower case). */
export function documentElements(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-z][\w-]*)/gi)].map((match) => match[1].toLowerCase()));
}

/** The rules of `css` this HTML document needs (see above). */
export function criticalCss(css: string, html: string): string {
  let sheet = parsed.get(css);
  if (!sheet) {
    const nodes = parse(css);
    sheet = { nodes, definitions: collectDefinitions(nodes) };
    parsed.set(css, sheet);
  }
  const page = { classes: documentClasses(html), elements: documentElements(html) };
  // Pass 1: the rules the page uses, without the variable definitions; pass 2: those rules and
  // only the variables they (or the page's own style attributes) reference.
  const rules = render(sheet.nodes, page, { kind: "scan" });
  const used = usedVariables(rules + (html.match(/style="[^"]*"/g)?.join("") ?? ""), sheet.definitions);
  return render(sheet.nodes, page, { kind: "prune", used });
}
