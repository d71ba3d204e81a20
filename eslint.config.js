// ESLint for the whole tree (the house style's "Format and lint"): typescript-eslint's recommended
// rules, React's hooks rules and jsx-a11y's. A rule is switched off here with a line saying why,
// never file by file without one. Prettier owns layout, so no stylistic rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "media/**",
      "bench/plain-remix/build/**",
      "bench/plain-remix/public/build/**",
      ".cache/**",
      "lighthouse/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // Unused names starting with _ are deliberate (a parameter a signature needs, a value discarded).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      // Non-null assertions hide a missing check; actions read forms that may lack a field.
      "@typescript-eslint/no-non-null-assertion": "error",
      // Our validators refuse control characters on purpose (names, codes, addresses, redirects).
      "no-control-regex": "off",
      // A refused form moves focus to its first field in error, as WCAG 3.3.1 asks; nothing else autofocuses.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Links come from ~/components/link (ADR 062): Remix's own in the browser, drawn directly on the server.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/link.tsx", "app/components/link.server.tsx", "app/components/link.server.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/react",
              importNames: ["Link", "NavLink"],
              message: "Import Link and NavLink from ~/components/link (ADR 062).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read the answers they just asserted on; a `!` there is the assertion's own consequence.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
