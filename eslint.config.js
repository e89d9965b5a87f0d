// Lint rules for the whole repository (site, server, scripts, tests, helper). `npm test` runs
// `npm run lint` before the tests, so CI fails on a lint error. Formatting is Prettier's job
// (.prettierrc.json): no style rules here.
import { readFileSync } from "node:fs";

import js from "@eslint/js";
// @ts-expect-error -- the plugin ships no type declarations
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The route modules app/routes.ts names: React Router strips their loaders and actions from the browser. */
const ROUTE_MODULES = [
  ...readFileSync(new URL("./app/routes.ts", import.meta.url), "utf8").matchAll(/"(features\/[^"]+\.tsx?)"/g),
].map(([, file]) => `app/${file}`);

export default tseslint.config(
  {
    ignores: [
      "build*/**",
      ".react-router/**",
      "node_modules/**",
      "test-results*/**",
      "playwright-report/**",
      "bench-results/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      // `_name` marks a parameter or value kept on purpose (a route's unused args, a destructured rest).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two classic hook rules. The plugin's newer React Compiler rules are left out: the site
      // does not use the compiler, and they flag patterns it relies on (state set once hydrated).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrollable lists and tables are focusable on purpose: a keyboard must be able to scroll
      // them (WCAG 2.1.1; axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["section", "ul", "ol", "div"], roles: ["region", "list"] }],
      // Keys on the elements that own them: a dialog (Escape, focus trap; a click on its backdrop
      // closes it, the keyboard has Escape), the menu's <nav> (Escape) and a carousel's list (arrows).
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError", "onLoad"],
          dialog: ["onKeyUp", "onKeyDown", "onKeyPress", "onClick"],
          nav: ["onKeyDown"],
          ul: ["onKeyDown"],
          iframe: ["onError", "onLoad"],
          img: ["onError", "onLoad"],
        },
      ],
    },
  },
  {
    // The layers (docs/architecture.md). app/shared is pure and imports nothing but itself.
    files: ["app/shared/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/*", "~/platform/*", "~/ui/*", "**/*.server"],
              message: "app/shared is pure and imports only app/shared.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/ui draws; it names no feature and no server code.
    files: ["app/ui/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/*", "~/platform/*", "**/*.server"],
              message: "app/ui imports only app/shared and app/ui.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/platform is the bottom of the server: features register with it, it imports none of them.
    files: ["app/platform/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/features/*", "~/ui/*"], message: "app/platform imports no feature and no view code." }] },
      ],
    },
  },
  {
    // Code that runs in the browser (every non-`.server` module except route modules, whose loaders
    // and actions React Router strips) names server code only as types.
    // (app/ui and app/shared, above, import no server code at all.)
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["**/*.server.ts", "**/*.test.ts", ...ROUTE_MODULES],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "~/platform/*"],
              allowTypeImports: true,
              message: "Only route modules and `.server` files import server code (use `import type`).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loader data and raw JSON loosely, and Playwright fixtures need `async ({}, use)`.
    files: ["tests/**", "helper/test/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": "off",
    },
  },
);
