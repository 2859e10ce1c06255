import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "app/generated/",
      "tests/api/generated/",
      "test-results/",
      "playwright-report/",
      "public/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { "import-x": importX },
    rules: {
      "import-x/first": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-self-import": "error",
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // Playwright's fixtures take `({}, use)` when they need no other fixture.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :function[async=true]",
          message:
            "waitForFunction does not await a promise, so an async predicate passes at once: use untilTrueInPage.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Models hold rules and data and throw AppError; only app/http/ turns that into an HTTP answer.
    files: ["app/models/**/*.ts"],
    ignores: ["app/models/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Response']", message: "A model throws AppError, never a Response." },
        {
          selector: "CallExpression[callee.object.name='Response']",
          message: "A model throws AppError, never a Response.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["redirect", "redirectDocument", "replace", "data"],
              message: "A model throws AppError; redirects and answers are built in app/http/ or the route.",
            },
          ],
        },
      ],
    },
  },
  {
    // server/service-worker.ts writes VERSION, SHELL and TIME_ZONE in front of the worker when it serves it.
    files: ["server/service-worker/worker.js"],
    languageOptions: {
      globals: { ...globals.serviceworker, VERSION: "readonly", SHELL: "readonly", TIME_ZONE: "readonly" },
    },
  },
  {
    files: ["**/*.tsx"],
    ...reactHooks.configs.flat["recommended-latest"],
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
      // Our effects set state in answer to things outside React (a fetcher's reply, a timer,
      // geolocation, hydration): the "synchronize with an external system" case the rule cannot tell apart.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Officers' videos are their own uploads: there are no caption files to attach.
      "jsx-a11y/media-has-caption": "off",
      // href="" is this page's own address (the offline page's "Try again"); a missing href is still an error.
      "jsx-a11y/anchor-is-valid": ["error", { aspects: ["noHref", "preferButton"] }],
      // A region that scrolls sideways (a wide table) takes the focus, so a keyboard can scroll it (WCAG 2.1.1).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  prettier,
);
