import MarkdownIt from 'markdown-it'
import anchor from 'markdown-it-anchor'
import sanitizeHtml from 'sanitize-html'

/**
 * An information page's Markdown as the page shows it (issue 41, decision 073): parsed by markdown-it
 * with raw HTML off (a `<script>` in the text is text), then through sanitize-html's allow-list as a
 * second wall: headings, paragraphs, lists, links (http, https, mailto), emphasis, quotes, tables, code.
 * A heading `#` becomes `##`: the page's own title is its only `h1`. Server and build only: the browser
 * gets the HTML.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false })
  .use(anchor, { level: [2, 3], slugify: (text) => slugOf(text), tabIndex: false })
  .disable(['image'])

/** "Cuándo hay reembolso" → "cuando-hay-reembolso": the heading's anchor, the table of contents' link. */
export function slugOf(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'seccion'
  )
}

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'hr',
    'br',
    's',
  ],
  allowedAttributes: { a: ['href'], h2: ['id'], h3: ['id'], th: ['style'], td: ['style'], ol: ['start'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: { h1: 'h2' },
}

export interface RenderedMarkdown {
  html: string
  /** The `##` headings, for the page's table of contents. */
  toc: { id: string; title: string }[]
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = markdown.parse(source, {})
  const toc: RenderedMarkdown['toc'] = []
  const seen = new Set<string>()
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open' || token.tag !== 'h2') return
    const id = token.attrGet('id')
    if (typeof id !== 'string') return
    const title = (tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('')
    if (!seen.has(id)) {
      seen.add(id)
      toc.push({ id, title })
    }
  })
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), ALLOWED)
  return { html, toc }
}
