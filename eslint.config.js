import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { readdirSync } from 'node:fs'
import { SERVER_LAYERS } from './apps/server/layers.js'

/**
 * Every folder of the web app's features, read from the tree so that a new one (a console page's,
 * decision 060) is fenced in without anyone remembering to list it.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The server's one-way layers (apps/server/layers.js, decision 059): each folder of a row may import
 * nothing from the rows above it nor from the other folders of its row.
 */
const serverRows = SERVER_LAYERS.flatMap((wing) => wing.rows)
const serverFolder = (place) => `./apps/server/src/${place}`
const serverZones = serverRows
  .flatMap((row, index) =>
    row.map((place) => ({
      target: serverFolder(place),
      from: [...serverRows.slice(0, index).flat(), ...row.filter((other) => other !== place)].map(
        serverFolder,
      ),
      message: `apps/server/layers.js: ${place} may import only what is below it (decision 059).`,
    })),
  )
  .filter((zone) => zone.from.length > 0)
// Every file of the server has its place in a row: a new folder is fenced in, or lint says where it is.
const serverFiles = readdirSync(new URL('./apps/server/src', import.meta.url), {
  recursive: true,
  withFileTypes: true,
})
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) =>
    `${entry.parentPath.split('/apps/server/src')[1].replace(/^\//, '')}/${entry.name}`.replace(/^\//, ''),
  )
const unplaced = serverFiles.filter(
  (file) => !serverRows.flat().some((place) => file === place || file.startsWith(`${place}/`)),
)
if (unplaced.length > 0)
  throw new Error(`apps/server/layers.js gives no layer to ${unplaced.join(', ')}: add its folder to a row`)

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist.*/**',
      'data/**',
      'bench/results/**',
      'bench/.work/**',
      // What the tests write while lint runs beside them (npm test): never walked into.
      '**/test-results/',
      '**/playwright-report/',
      'e2e/.data*/',
      'apps/server/data/',
      'coverage/',
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
            // The server's layers, one way (apps/server/layers.js).
            ...serverZones,
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
