import { describe, it, expect } from 'vitest'
import { escapeXml, renderThumbnailSvg, wrapTitle } from '../../src/catalogue/thumbnails/thumbnail-svg'

const ALLOWED_ELEMENTS = /^<\/?(svg|title|defs|linearGradient|stop|rect|circle|polygon|g|text|tspan)[\s/>]/

const render = (
  title: string,
  categoryName: string | null = 'Visión por computadora',
  id = 'demo-0001',
): string => renderThumbnailSvg({ id, title, categoryName })

const stopColors = (svg: string): string[] =>
  [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1] ?? '')

describe('renderThumbnailSvg', () => {
  it('returns a 640x360 SVG root', () => {
    const svg = render('Detector de plantas enfermas con IA')
    expect(
      svg.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"',
      ),
    ).toBe(true)
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg.match(/<svg/g)).toHaveLength(1)
    expect(svg).toContain('Detector de plantas enfermas')
    expect(svg).toContain('Visión por computadora')
  })

  it('escapes markup in the title and category name', () => {
    const svg = render(`<script>alert("x")</script> & 'y'`, `Tom & "Jerry" <b>`)
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(svg).toContain('&amp; &#39;y&#39;')
    expect(svg).toContain('Tom &amp; &quot;Jerry&quot; &lt;b&gt;')
    for (const tag of svg.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(ALLOWED_ELEMENTS)
    expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/)
  })

  it('references nothing outside the document and has no scripts', () => {
    const svg = render('Asistente de recetas con IA')
    expect(svg).not.toMatch(/href/i)
    expect(svg).not.toMatch(/<script|<image|<foreignObject|@import|on\w+=/i)
    expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\//)
    // Only same-document paint servers such as url(#gradient) are allowed.
    expect(svg).not.toMatch(/url\((?!#)/)
  })

  it('is deterministic and derives colours from the category', () => {
    expect(render('Tutor de matemáticas')).toBe(render('Tutor de matemáticas'))
    expect(render('Tutor de matemáticas', 'Educación', 'demo-0002')).not.toBe(
      render('Tutor de matemáticas', 'Educación', 'demo-0003'),
    )
    const sameCategory = stopColors(render('Uno', 'Educación', 'demo-0002'))
    expect(sameCategory).toHaveLength(2)
    expect(stopColors(render('Dos', 'Educación', 'demo-0003'))).toEqual(sameCategory)
    expect(stopColors(render('Uno', 'Finanzas', 'demo-0002'))).not.toEqual(sameCategory)
  })

  it('falls back to the id for colours when there is no category', () => {
    const svg = render('Proyecto sin categoría', null, 'demo-0042')
    expect(svg).not.toContain('font-size="18"')
    expect(stopColors(svg)).not.toEqual(stopColors(render('Proyecto sin categoría', null, 'demo-0043')))
  })

  it('wraps long titles on at most 3 lines and ends with an ellipsis', () => {
    const title =
      'Generador de ilustraciones infantiles personalizadas para cuentos, libros y aulas de educación primaria'
    const svg = render(title)
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1] ?? '')
    expect(lines).toHaveLength(3)
    expect(lines.at(-1)?.endsWith('…')).toBe(true)
    expect(svg).toContain(`<title>${title}</title>`)
  })
})

describe('wrapTitle', () => {
  it('keeps short titles on one line and splits words greedily', () => {
    expect(wrapTitle('Asistente de recetas')).toEqual(['Asistente de recetas'])
    expect(wrapTitle('uno dos tres cuatro', 8)).toEqual(['uno dos', 'tres', 'cuatro'])
    expect(wrapTitle('  ')).toEqual([])
  })

  it('cuts overlong words and counts code points, not UTF-16 units', () => {
    expect(wrapTitle('a'.repeat(30), 10, 3)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(10)])
    expect(wrapTitle('a'.repeat(31), 10, 3).at(-1)).toBe(`${'a'.repeat(9)}…`)
    const emoji = wrapTitle('🤖'.repeat(12), 10, 3)
    expect(emoji).toEqual(['🤖'.repeat(10), '🤖'.repeat(2)])
  })
})

describe('escapeXml', () => {
  it('escapes the five markup characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    expect(escapeXml('a\u0000b\u0007c\uD800d')).toBe('abcd')
    expect(escapeXml('ñandú 🤖')).toBe('ñandú 🤖')
  })
})
