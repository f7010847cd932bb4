import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
})
afterAll(() => database.close())

const catalogVersion = async () =>
  Number((await database.rows(sql`SELECT version FROM catalog_state`))[0]?.version)
const exportJson = async () => (await cli.run('catalog', 'export')).out
const project = async (id: string) =>
  (
    await database.rows(sql`
    SELECT p.title, p.subtitle, p.youtube_url, p.project_links, p.demonstration_cases, c.id AS category_id, c.name AS category,
      (SELECT string_agg(t.name, ',' ORDER BY pt.sequence) FROM project_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.project_id = p.id) AS tags
    FROM projects p LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = ${id}`)
  )[0]
const numApps = async (name: string) =>
  Number((await database.rows(sql`SELECT num_apps FROM tags WHERE name = ${name}`))[0]?.num_apps)
const importFile = (name: string, content: string, ...options: string[]) => {
  cli.files.set(name, content)
  return cli.run('catalog', 'import', name, ...options)
}

describe('catalog import: the shapes a file may have', () => {
  it('a JSON list of projects, creating categories and tags by name, and recounting num_apps', async () => {
    const result = await importFile(
      'list.json',
      JSON.stringify([
        { id: 'imp-1', title: 'Uno', category: 'Categoría nueva', tags: ['Etiqueta A', 'Etiqueta B'] },
        { id: 'imp-2', title: 'Dos', category: 'categoría NUEVA', tags: ['etiqueta a'], youtube_url: '' },
      ]),
    )
    expect(result).toEqual({
      code: 0,
      out:
        'list.json (JSON): 2 projects (2 new, 0 updated, 0 unchanged), 1 category (1 new, 0 updated, 0 unchanged), 2 tags (2 new, 0 updated, 0 unchanged).\n' +
        'Imported in one transaction; tag counts (num_apps) recomputed.\n',
      err: '',
    })
    expect(await project('imp-2')).toMatchObject({
      title: 'Dos',
      category: 'Categoría nueva',
      tags: 'Etiqueta A',
      youtube_url: null,
    })
    expect(await numApps('Etiqueta A')).toBe(2)
    expect(await numApps('Etiqueta B')).toBe(1)
  })

  it('an object {categories, tags, projects}: upserts by id and keeps tags a file does not mention', async () => {
    const file = {
      categories: [{ id: 'cat-x', name: 'Equis', description: 'Descripción' }],
      tags: [{ id: 'tag-x', name: 'Tag equis' }],
      projects: [{ id: 'imp-1', title: 'Uno renombrado', category_id: 'cat-x', tag_ids: ['tag-x'] }],
    }
    expect((await importFile('sections.json', JSON.stringify(file))).out).toContain(
      '1 project (0 new, 1 updated, 0 unchanged)',
    )
    expect(await project('imp-1')).toMatchObject({
      title: 'Uno renombrado',
      category_id: 'cat-x',
      tags: 'Tag equis',
    })
    expect(await numApps('Etiqueta B')).toBe(0)
    await importFile('no-tags.json', JSON.stringify({ projects: [{ id: 'imp-1', title: 'Uno otra vez' }] }))
    expect(await project('imp-1')).toMatchObject({
      title: 'Uno otra vez',
      category_id: null,
      tags: 'Tag equis',
    })
  })

  it('Appwrite list-documents dumps, with their metadata, JSON-text lists and nested category', async () => {
    const meta = {
      $sequence: '7',
      $createdAt: '2025-01-01T00:00:00.000+00:00',
      $permissions: [],
      $collectionId: 'x',
      $databaseId: 'y',
    }
    const dump = {
      total: 1,
      documents: [
        {
          $id: 'aw-1',
          ...meta,
          title: 'Desde Appwrite',
          subtitle: 'Sub',
          youtube_url: 'https://www.youtube.com/watch?v=abc',
          thumbnail_url: '',
          problem_solved: 'Mucho',
          author: 'Autora',
          project_links: JSON.stringify([{ title: 'Código', url: 'https://github.com/x/y' }]),
          demonstration_cases: '["Caso 1","Caso 2"]',
          category: { $id: 'aw-cat', ...meta, name: 'De Appwrite', description: 'd' },
        },
      ],
    }
    expect((await importFile('dump.json', JSON.stringify(dump))).code).toBe(0)
    expect(await project('aw-1')).toMatchObject({
      title: 'Desde Appwrite',
      category_id: 'aw-cat',
      project_links: '[{"title":"Código","url":"https://github.com/x/y"}]',
      demonstration_cases: '["Caso 1","Caso 2"]',
      tags: null,
    })
    const all = {
      tags: {
        total: 1,
        documents: [{ $id: 'aw-tag', ...meta, name: 'Tag Appwrite', description: '', num_apps: 99 }],
      },
      projects: { total: 1, documents: [{ ...dump.documents[0], category: 'aw-cat' }] },
      project_tags: { total: 1, documents: [{ $id: 'l1', ...meta, project_id: 'aw-1', tag_id: 'aw-tag' }] },
    }
    expect(await importFile('all.json', JSON.stringify(all))).toMatchObject({ code: 0, err: '' })
    expect(await project('aw-1')).toMatchObject({ category_id: 'aw-cat', tags: 'Tag Appwrite' })
    expect(await numApps('Tag Appwrite')).toBe(1)
  })

  it('CSV: documented columns, |-separated tags, title|url link pairs, escaped bars and quoted line breaks', async () => {
    const csv =
      'id,title,subtitle,category,tags,links,demonstration_cases,problem_solved\r\n' +
      'csv-1,Desde CSV,"Con, coma",Hojas,Uno|Dos \\| tres,Código|https://github.com/a/b|Demo|https://demo.example.com/b,Caso A|Caso B,"Línea 1\nLínea 2"\r\n' +
      'csv-2,Sin nada,,,,,,\r\n'
    expect((await importFile('projects.csv', csv)).out).toContain(
      '2 projects (2 new, 0 updated, 0 unchanged)',
    )
    expect(await project('csv-1')).toMatchObject({
      subtitle: 'Con, coma',
      category: 'Hojas',
      tags: 'Uno,Dos | tres',
      project_links: JSON.stringify([
        { title: 'Código', url: 'https://github.com/a/b' },
        { title: 'Demo', url: 'https://demo.example.com/b' },
      ]),
      demonstration_cases: '["Caso A","Caso B"]',
    })
    expect(await project('csv-2')).toMatchObject({
      subtitle: null,
      category_id: null,
      tags: null,
      project_links: '[]',
    })
  })

  it('--dry-run reports what would change and writes nothing', async () => {
    const before = await catalogVersion()
    const result = await importFile(
      'dry.json',
      JSON.stringify([{ title: 'Nuevo', tags: ['Nunca'] }]),
      '--dry-run',
    )
    expect(result.out).toBe(
      'dry.json (JSON): 1 project (1 new, 0 updated, 0 unchanged), 0 categories (0 new, 0 updated, 0 unchanged), 1 tag (1 new, 0 updated, 0 unchanged).\n' +
        'Dry run: the file is valid; nothing was written.\n',
    )
    expect(await catalogVersion()).toBe(before)
  })

  it('generates ids for projects without one', async () => {
    await importFile('no-id.json', JSON.stringify([{ title: 'Sin id único' }]))
    const rows = await database.rows(sql`SELECT id FROM projects WHERE title = 'Sin id único'`)
    expect(rows).toHaveLength(1)
    expect(String(rows[0]?.id)).toMatch(/^[a-z0-9]{20}$/)
  })

  it('imports a file without ids twice without adding its projects twice (matched by title and author)', async () => {
    const csv = [
      'title,author,tags',
      'Gemelo,Ana,Etiqueta A',
      'Gemelo,Ana,Etiqueta B',
      'Gemelo,Luis,',
      'Solo título,,',
    ].join('\n')
    const count = async () =>
      Number((await database.rows(sql`SELECT count(*)::int AS n FROM projects`))[0]?.n)
    const before = await count()
    const first = await importFile('twins.csv', csv)
    expect(first.out).toContain('4 projects (4 new, 0 updated, 0 unchanged)')
    expect(await count()).toBe(before + 4)
    const idsBefore = await database.rows(
      sql`SELECT id FROM projects WHERE title = 'Gemelo' ORDER BY sequence`,
    )

    const again = await importFile('twins.csv', csv.replace('Solo título,,', 'SOLO TÍTULO,,'))
    expect(again.out).toContain('4 projects (0 new, 1 updated, 3 unchanged)')
    expect(await count()).toBe(before + 4)
    expect(
      await database.rows(sql`SELECT id FROM projects WHERE title = 'Gemelo' ORDER BY sequence`),
    ).toEqual(idsBefore)
    // The n-th row of a title and author stays the n-th project of them: its tags did not swap.
    const tagsOf = await database.rows(sql`
      SELECT p.author, t.name FROM projects p JOIN project_tags pt ON pt.project_id = p.id JOIN tags t ON t.id = pt.tag_id
      WHERE p.title = 'Gemelo' ORDER BY p.sequence`)
    expect(tagsOf).toEqual([
      { author: 'Ana', name: 'Etiqueta A' },
      { author: 'Ana', name: 'Etiqueta B' },
    ])

    // An id the file gives is that project's alone: the id-less twin beside it is another project.
    const [firstTwin] = idsBefore
    const withId = await importFile(
      'twins.json',
      JSON.stringify([
        { title: 'Gemelo', author: 'Ana' },
        { id: String(firstTwin?.id), title: 'Gemelo', author: 'Ana' },
      ]),
    )
    expect(withId.out).toContain('2 projects (0 new, 0 updated, 2 unchanged)')
    expect(await count()).toBe(before + 4)
  })
})

describe('catalog import: all or nothing', () => {
  it('reports every problem with its place and reason, and leaves the catalogue exactly as it was', async () => {
    const before = await exportJson()
    const version = await catalogVersion()
    const file = {
      categories: [{ id: 'ok-cat', name: 'Bien' }, { name: '' }],
      tags: [{ id: 'bad id!', name: 'x' }],
      projects: [
        { id: 'fine-1', title: 'Bien', category: 'Bien' },
        { id: 'fine-1', title: 'Repetido' },
        { title: '', youtube_url: 'javascript:alert(1)', titel: 'typo' },
        { title: 'Links', project_links: [{ title: 'x', url: 'ftp://x' }], tag_ids: ['no-such-tag'] },
        { title: 'NUL \u0000' },
        { title: 'Cat', category_id: 'no-such-category' },
      ],
      project_tags: [{ project_id: 'elsewhere', tag_id: 'ok' }],
      extra: [],
    }
    const result = await importFile('bad.json', JSON.stringify(file))
    expect(result.code).toBe(1)
    expect(result.out).toBe('')
    expect(result.err.split('\n')).toEqual([
      'bad.json (JSON): 8 problems; nothing was imported:',
      '  extra: unknown section; expected categories, tags, projects, project_tags',
      '  categories[1].name: must not be empty',
      '  tags[0].id: must be 1-36 characters of a-z, A-Z, 0-9, ".", "_" or "-"',
      '  projects[2].title: must not be empty',
      '  projects[2].youtube_url: must be an http(s) URL',
      '  projects[2]: Unrecognized key: "titel"',
      '  projects[3].project_links[0].url: must be an http(s) URL',
      '  projects[4]: must not contain NUL characters (U+0000)',
      '',
    ])
    expect(await exportJson()).toBe(before)
    expect(await catalogVersion()).toBe(version)
  })

  it('reports references that resolve to nothing and ids used twice', async () => {
    const file = {
      projects: [
        { id: 'fine-1', title: 'Bien' },
        { id: 'fine-1', title: 'Repetido' },
        { title: 'Tags', tag_ids: ['no-such-tag'] },
        { title: 'Cat', category_id: 'no-such-category' },
      ],
      project_tags: [{ project_id: 'elsewhere', tag_id: 'no-such-tag' }],
    }
    const result = await importFile('refs.json', JSON.stringify(file))
    expect(result.err).toBe(
      'refs.json (JSON): 4 problems; nothing was imported:\n' +
        '  projects[1]: the project id "fine-1" is already used at projects[0]\n' +
        '  projects[2].tag_ids: unknown tag id "no-such-tag": not in the file nor in the catalogue\n' +
        '  projects[3].category_id: unknown category id "no-such-category": not in the file nor in the catalogue\n' +
        '  project_tags[0].project_id: project "elsewhere" is not in the file\n',
    )
  })

  it('names the row and column of each problem in a CSV file', async () => {
    const csv =
      'title,youtube_url,links,tags,tag_ids\n' +
      'Bien,,,,\n' +
      ',notaurl,Solo título,,\n' +
      'Ids,,,"a|b",x\n' +
      'Corta\n'
    const result = await importFile('bad.csv', csv)
    expect(result.err).toBe(
      'bad.csv (CSV): 5 problems; nothing was imported:\n' +
        '  row 3, links: must be title|url pairs (an even number of items)\n' +
        '  row 4, tag_ids: lists 1 ids for 2 tags\n' +
        '  row 5: has 1 fields; the header has 5\n' +
        '  row 3, title: must not be empty\n' +
        '  row 3, youtube_url: must be an http(s) URL\n',
    )
    expect((await importFile('cols.csv', 'titulo,tags\nX,\n')).err).toBe(
      'cols.csv (CSV): 2 problems; nothing was imported:\n' +
        '  header, column 1: unknown column "titulo"; expected id, title, subtitle, author, category, category_id, tags, tag_ids, youtube_url, thumbnail_url, problem_solved, links, demonstration_cases\n' +
        '  header: the column "title" is required\n',
    )
  })

  it('refuses unreadable files with a clear reason', async () => {
    expect((await importFile('broken.json', '{"projects": [')).err).toMatch(
      /^broken.json \(JSON\): 1 problem; nothing was imported:\n {2}file: not valid JSON \(/,
    )
    expect((await importFile('scalar.json', '42')).err).toContain('file: must be a list of projects')
    expect((await importFile('empty.json', '[]')).err).toContain(
      'file: holds no projects, categories or tags',
    )
    expect((await importFile('quote.csv', 'title\n"abc"def\n')).err).toContain(
      'not valid CSV: line 2: a closing quote must end the field',
    )
    expect(await cli.run('catalog', 'import', 'missing.json')).toEqual({
      code: 1,
      out: '',
      err: 'Cannot read missing.json: no such file\n',
    })
    expect((await cli.run('catalog', 'import', 'x.json', '--format', 'xml')).code).toBe(2)
  })

  it('rolls back everything when the database refuses a row halfway', async () => {
    await database.rows(
      sql.raw(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'boom' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`),
    )
    await database.rows(
      sql.raw(
        `CREATE TRIGGER refuse_boom BEFORE INSERT ON projects FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
      ),
    )
    try {
      const before = await exportJson()
      const result = await importFile(
        'boom.json',
        JSON.stringify({
          categories: [{ id: 'never', name: 'Nunca' }],
          projects: [
            { id: 'first', title: 'Primero', category_id: 'never', tags: ['Nunca'] },
            { id: 'boom', title: 'boom' },
          ],
        }),
      )
      expect(result).toMatchObject({ code: 1, out: '' })
      expect(result.err).toContain('The command failed: refused by test')
      expect(await exportJson()).toBe(before)
    } finally {
      await database.rows(sql.raw('DROP TRIGGER refuse_boom ON projects'))
      await database.rows(sql.raw('DROP FUNCTION refuse_boom()'))
    }
  })
})
