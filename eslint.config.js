import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { readdirSync } from 'node:fs'

/**
 * Every folder of the web app's features, read from the tree so that a new one (a console page's,
 * decision 060) is fenced in without anyone remembering to list it.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist.*/**',
      'data/**',
      'bench/results/**',
      'bench/.work/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The wire protocol knows nothing of the product's collections or features.
            {
              target: './apps/server/src/appwrite',
              from: [
                './apps/server/src/account',
                './apps/server/src/databases',
                './apps/server/src/catalog',
                './apps/server/src/db',
              ],
            },
            // The shared package is used by server and web and depends on neither.
            { target: './packages/shared', from: './apps' },
          ],
        },
      ],
    },
  },
  // Web layers (style.md): routes → features → components/ui, lib; a feature never imports another.
  {
    files: ['apps/web/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server' },
            {
              target: './apps/web/src/lib',
              from: [
                './apps/web/src/app',
                './apps/web/src/routes',
                './apps/web/src/features',
                './apps/web/src/components',
              ],
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/app', './apps/web/src/routes', './apps/web/src/features'],
            },
            { target: './apps/web/src/features', from: ['./apps/web/src/app', './apps/web/src/routes'] },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
)
