import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".node/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // A module two others need gets a file of its own below both: no import goes round in a circle.
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Imports flow one way: domain knows nothing of the app or the server; the app never imports the server.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["**/app/**", "**/server/**", "**/tests/**", "node:*"] },
      ],
    },
  },
  {
    // Domain's unit tests may share their cases with the API's tests (tests/support), never the server.
    files: ["domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/app/**", "**/server/**", "node:*"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/tests/**", "node:*"] }],
    },
  },
  {
    // The app's unit tests run in Node and may read files, but still never reach into the server.
    files: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/tests/**"] }],
    },
  },
  {
    // The console is a page app of its own: it shares domain/ with the server, and nothing with the public site.
    files: ["console/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["**/app/**", "**/server/**", "**/tests/**", "node:*"] },
      ],
    },
  },
  {
    // The console's tests drive its calls against the real server, built as the API tests build it.
    files: ["console/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/app/**"] }],
    },
  },
  {
    // The server shares only domain/ with the pages: brand copy stays in app/content/ (decision 010).
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/app/**", "**/tests/**"] }],
    },
  },
  {
    // The build's own steps read the app's content (the sitemap's pages), never the tests.
    files: ["scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/tests/**"] }],
    },
  },
  {
    files: ["server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/app/**"] }],
    },
  },
);
