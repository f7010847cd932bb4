/**
 * `npm run build -w @pg/server`: the server as JavaScript for `node` (decision 047).
 *
 *   tsx scripts/build.ts [--outDir <dir>]     (default: dist; a folder inside apps/server, so that the
 *                                             packages are found in node_modules)
 *
 *   dist/main.js                  the server (src/main.ts and everything it imports, @pg/shared included)
 *   dist/cli.js                   the admin CLI (src/cli/main.ts), what `npm run admin` runs
 *   dist/seed.js                  the catalogue generator (src/cli/seed-command.ts)
 *   dist/platform/db/embedded-worker.js      the embedded database's worker thread, started from its file
 *   dist/catalogue/search/search-worker.js   the search worker's thread (decision 055)
 *   dist/uploaded-files/file-worker.js       the file worker's thread (decision 056)
 *   dist/storefront/storefront-worker.js     the storefront worker's thread, drawing the owner's pages (decision 073)
 *   dist/platform/db/migrations/             the SQL migrations, read at start
 *   dist/platform/security/common-passwords.txt
 *   *.js.map                      source maps: with NODE_OPTIONS=--enable-source-maps, stack traces
 *                                 name src/*.ts (off by default: decision 052)
 *
 * Packages stay in node_modules (native addons, PGlite's WebAssembly and files they read beside them);
 * only the project's own TypeScript is bundled, and drizzle-orm (`bundledPackages`). The files the
 * server reads at run time are found by src/platform/server-files.ts, whose code is at the root of dist/
 * in the build. The new build is written beside the old one and put in its place at the end, so a failed
 * build leaves the last one whole.
 */
import { cp, readFile, rename, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build, type Metafile, type Plugin } from 'esbuild'
import { z } from 'zod'
import { isMissingFile } from '../src/platform/lib/file-errors'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } })
const outDir = path.resolve(serverDir, values.outDir)
const buildingDir = `${outDir}.building-${process.pid}`
const replacedDir = `${outDir}.replaced-${process.pid}`

/** What `node` runs, named as in src/ (the workers' files are found from src/platform/server-files.ts). */
const entryPoints = {
  main: 'src/main.ts',
  // At the root of dist/, as main.js: src/platform/server-files.ts finds the run-time files from the entry's folder.
  cli: 'src/cli/main.ts',
  seed: 'src/cli/seed-command.ts',
  'platform/db/embedded-worker': 'src/platform/db/embedded-worker.ts',
  'catalogue/search/search-worker': 'src/catalogue/search/search-worker.ts',
  'uploaded-files/file-worker': 'src/uploaded-files/file-worker.ts',
  'storefront/storefront-worker': 'src/storefront/storefront-worker.ts',
}
/** Read at run time, copied to the same places under dist/. */
const runTimeFiles = ['platform/db/migrations', 'platform/security/common-passwords.txt']

/**
 * Packages bundled although they are not the workspace's: drizzle-orm is hundreds of small modules
 * under a 180 KB package.json, and Node parsed that file again for each of them: loading it from
 * node_modules left ~175 MB of garbage in the old space during start-up (decision 049).
 */
const bundledPackages = ['drizzle-orm']

/** Packages are imported from node_modules at run time; the workspace's own (@pg/…) are TypeScript. */
const packagesFromNodeModules: Plugin = {
  name: 'packages-from-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pg/') || bundledPackages.includes(packageName(args.path))
        ? undefined
        : { path: args.path, external: true },
    )
    // A bundled package's own source maps name TypeScript files it does not ship: the build's map names
    // its JavaScript in node_modules instead.
    const inBundledPackage = new RegExp(
      `[\\\\/]node_modules[\\\\/](${bundledPackages.join('|')})[\\\\/].*\\.m?js$`,
    )
    builder.onLoad({ filter: inBundledPackage }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, ''),
      loader: 'js',
    }))
  },
}

const manifestSchema = z.object({ dependencies: z.record(z.string(), z.string()).default({}) })

/** `zod` for `zod/mini`, `@scope/name` for `@scope/name/sub`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/**
 * The packages the build imports must be the server's dependencies, so the install that runs the
 * server has them (a test-only package imported by mistake fails here rather than in production).
 */
async function undeclaredPackages(metafile: Metafile): Promise<string[]> {
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')),
  )
  const builtins = new Set(builtinModules)
  const imported = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => entry.path),
  )
  const packages = new Set(
    imported.filter((specifier) => !specifier.startsWith('node:')).map((specifier) => packageName(specifier)),
  )
  return [...packages].filter((name) => !builtins.has(name) && !(name in manifest.dependencies)).sort()
}

async function main() {
  const started = performance.now()
  await rm(buildingDir, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints,
    outdir: buildingDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    // The sources are beside the build in a checkout: the maps need only name them.
    sourcesContent: false,
    plugins: [packagesFromNodeModules],
    metafile: true,
    logLevel: 'warning',
  })
  const undeclared = await undeclaredPackages(result.metafile)
  if (undeclared.length > 0) {
    await rm(buildingDir, { recursive: true, force: true })
    throw new Error(
      `The server imports packages that are not in apps/server/package.json's dependencies: ${undeclared.join(', ')}`,
    )
  }
  for (const file of runTimeFiles) {
    await cp(path.join(serverDir, 'src', file), path.join(buildingDir, file), { recursive: true })
  }
  // The old build leaves in one rename and the new one arrives in another: never half of either.
  await rename(outDir, replacedDir).catch((error: unknown) => {
    if (!isMissingFile(error)) throw error
  })
  await rename(buildingDir, outDir)
  await rm(replacedDir, { recursive: true, force: true })
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((total, [, output]) => total + output.bytes, 0)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  process.stdout.write(
    `Built the server in ${path.relative(process.cwd(), outDir) || '.'} (${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${seconds} s\n`,
  )
}

main().catch(async (error: unknown) => {
  await rm(buildingDir, { recursive: true, force: true })
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
