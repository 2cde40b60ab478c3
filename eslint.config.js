// @ts-check
import vitest from '@vitest/eslint-plugin'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'
import local from './scripts/eslint/no-import-cycles.mjs'

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/reports/**', 'fixtures/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wiki/*/src/*', '@wiki/*/src'],
              message: 'Import packages by their public entries, never their sources.',
            },
          ],
        },
      ],
    },
  },
  {
    // Entries whose README does not list Node under Compatibility stay platform-neutral.
    files: [
      'packages/wikitext-parser/src/**/*.ts',
      'packages/mcp-core/src/index.ts',
      'packages/mcp-core/src/http.ts',
      'packages/mcp-core/src/lib/core/**/*.ts',
      'packages/mcp-core/src/lib/http/**/*.ts',
      'packages/wiki-adapters/src/index.ts',
      'packages/wiki-adapters/src/mediawiki.ts',
      'packages/wiki-adapters/src/ahawiki.ts',
      'packages/wiki-adapters/src/lib/mediawiki/**/*.ts',
      'packages/wiki-adapters/src/lib/ahawiki/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'This entry is platform-neutral: no node:* imports.' },
            {
              group: ['@wiki/*/src/*', '@wiki/*/src'],
              message: 'Import packages by their public entries, never their sources.',
            },
          ],
        },
      ],
    },
  },
  {
    // Sources import no module that imports them back at run time (scripts/eslint/).
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'internal/*/src/**/*.ts'],
    plugins: { local },
    rules: { 'local/no-import-cycles': 'error' },
  },
  {
    files: ['**/test/**/*.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.config.ts', 'vitest.shared.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
)
