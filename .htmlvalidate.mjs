import { definePlugin, Rule } from "html-validate";

/**
 * html-validate's configuration for the server HTML of every page (tests/process/html-valid.spec.ts).
 * A JavaScript file rather than .htmlvalidate.json so that each rule turned off or loosened carries
 * its reason, and so the two checks below (which html-validate lacks, and the W3C Nu checker has) can
 * live beside it.
 */

/**
 * A check html-validate lacks, as a rule: `description` is its documentation, and once the document
 * is parsed `check` looks at it and calls `report(node, message)` for each fault.
 */
function documentRule(description, check) {
  return class extends Rule {
    documentation() {
      return { description };
    }
    setup() {
      this.on("dom:ready", ({ document }) => check(document, (node, message) => this.report(node, message)));
    }
  };
}

/** `async` only means something on a script with `src` or on a module script; anywhere else the HTML standard forbids it. */
const ScriptAsync = documentRule(
  '`async` is allowed only on a <script> with `src` or with type="module".',
  (document, report) => {
    for (const script of document.querySelectorAll("script[async]")) {
      const type = script.getAttributeValue("type");
      if (script.hasAttribute("src") || type === "module") continue;
      report(script, `"async" on a <script type="${type ?? ""}"> without src (only src or type="module" scripts may be async)`);
    }
  },
);

/** A <div> inside <dl> may only group dt/dd (and script-supporting elements); html-validate lets anything in. */
const DlDivContent = documentRule(
  "A <div> child of <dl> may contain only <dt>, <dd>, <script> and <template>.",
  (document, report) => {
    for (const group of document.querySelectorAll("dl > div")) {
      for (const child of group.childElements) {
        if (["dt", "dd", "script", "template"].includes(child.tagName)) continue;
        report(child, `<${child.tagName}> is not allowed in a <div> of a <dl> (only <dt> and <dd>)`);
      }
    }
  },
);

/**
 * aria-label on a <div> or <span> without a role (the generic role forbids a name; the Nu checker
 * says so). html-validate lets it pass when the element is focusable (tabindex), which is exactly
 * the scroll box case: give it a role through a <section> instead.
 */
const GenericAriaLabel = documentRule("aria-label needs a role: not on a <div> or <span> without one.", (document, report) => {
  for (const element of document.querySelectorAll("div[aria-label], span[aria-label]")) {
    if (element.hasAttribute("role")) continue;
    report(
      element,
      `"aria-label" on a <${element.tagName}> without a role (use an element with a role, or visible or sr-only text)`,
    );
  }
});

const site = definePlugin({
  name: "site",
  rules: { "site/script-async": ScriptAsync, "site/dl-div-content": DlDivContent, "site/generic-aria-label": GenericAriaLabel },
});

export default {
  root: true,
  plugins: [site],
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    "site/script-async": "error",
    "site/dl-div-content": "error",
    "site/generic-aria-label": "error",

    // How React writes markup, all valid HTML: `<meta/>` on void elements, `charSet`/`autoComplete`
    // (attribute names are case-insensitive), `async=""` and `hidden=""` for boolean attributes.
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // Typographic advice (keep a phone number on one line), not validity; the configured PHONE is shown as given.
    "tel-non-breaking": "off",
    // React's useId ids start with "_" ("_R_8tn5_"): any id without spaces is valid in HTML.
    "valid-id": ["error", { relaxed: true }],
    // aria-label is allowed on lists and list items (roles list/listitem take an author name), as the
    // Nu checker agrees; it stays forbidden on generic elements (div, span) without a role.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // Two deliberate ARIA widgets: the mobile menu toggle is an <a href="#menu-mobile" role="button">
    // (without JavaScript a link that opens the menu through CSS :target, with it a toggle), and the
    // vocational test's progress bars are role="progressbar" divs (a CSS-animated fill, which <progress> cannot style).
    "prefer-native-element": ["error", { exclude: ["button", "progressbar"] }],
    // The vocational analysis screen moves on after 4 s without JavaScript, as it does with it (the
    // spec's analysis pause); it offers "Ver meu resultado agora" at once. No other page refreshes.
    "meta-refresh": "off",
    // Data-driven sizes and colours (progress bar widths, the admin chart's swatches) are style attributes; the CSP allows them.
    "no-inline-style": "off",
  },
};
