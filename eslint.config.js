// ESLint 9 flat config: typescript-eslint's strict, type-aware rules for the
// library (src/) and for its tests, Python comparison (compat/) and
// benchmarks (bench/), with formatting left to Prettier.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'docs/api/', 'node_modules/'] },

  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  comments.recommended,
  {
    // An inline eslint-disable names its rule and says why after `--`.
    rules: { '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }] },
  },

  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // noUncheckedIndexedAccess types every a[i] and regex group as maybe undefined; where bounds or the pattern prove it is there, `!` says so (no-unnecessary-type-assertion still flags needless ones).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers read plainly in messages; null, undefined, objects and unions with them still need String() or JSON.stringify.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => t.is(...)` and `(line) => io.out(line)` callbacks are idiomatic; void results stay banned everywhere else.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Unions of string literals and enums must be handled in full, or carry a default.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Overloads documented apart (RobotRules.agent() reads, agent(name) sets) read better in the API docs than one signature.
      '@typescript-eslint/unified-signatures': ['error', { ignoreOverloadsWithDifferentJSDoc: true }],
      // Types come in through `import type` or `type` specifiers, as the code already does, so no import runs for a type alone.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `== null` (null or undefined) is the one loose comparison worth keeping.
      eqeqeq: ['error', 'smart'],
    },
  },

  {
    files: ['src/**/*.ts'],
    rules: {
      // The library speaks through its return values, errors and the CLI's io, never the console.
      'no-console': 'error',
      // Exported functions state their types, so the published .d.ts changes only when the code means it to.
      '@typescript-eslint/explicit-module-boundary-types': 'error',
    },
  },

  prettier,
);
