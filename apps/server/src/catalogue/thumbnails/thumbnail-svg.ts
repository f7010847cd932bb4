import { createSeededRandom, hashString, type SeededRandom } from '../../platform/lib/seeded-random'

export interface ThumbnailInput {
  id: string
  title: string
  categoryName: string | null
}

const WIDTH = 640
const HEIGHT = 360
const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const TITLE_FONT_SIZE = 34
const TITLE_LINE_HEIGHT = 44
// Roughly what fits in 560px at 34px bold in common sans-serif fonts.
const MAX_LINE_CHARS = 28
const MAX_LINES = 3
const MAX_LABEL_CHARS = 44
const ELLIPSIS = '…'

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** A self-contained, deterministic placeholder image: no fonts, images, links or scripts. */
export function renderThumbnailSvg(input: ThumbnailInput): string {
  const paletteHash = hashString(input.categoryName ?? input.id)
  const idHash = hashString(input.id)
  const hue = paletteHash % 360
  const secondHue = (hue + 30 + ((paletteHash >>> 9) % 70)) % 360
  // Fragment-local ids only; suffixed so several thumbnails inlined in one page cannot clash.
  const gradientId = `pg-bg-${idHash.toString(36)}`
  const lines = wrapTitle(input.title)
  const firstBaseline = HEIGHT / 2 + 18 - ((lines.length - 1) * TITLE_LINE_HEIGHT) / 2
  const label =
    input.categoryName === null ? '' : truncate(normalizeSpace(input.categoryName), MAX_LABEL_CHARS)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">`,
    `<title>${escapeXml(normalizeSpace(input.title))}</title>`,
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${hslToHex(hue, 0.7, 0.36)}"/>`,
    `<stop offset="1" stop-color="${hslToHex(secondHue, 0.65, 0.24)}"/>`,
    `</linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${gradientId})"/>`,
    ...renderShapes(createSeededRandom(idHash)),
    // Darkens the whole image so white text keeps a high contrast on any hue.
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#000000" fill-opacity="0.35"/>`,
    `<g fill="#ffffff" font-family="${FONT_STACK}">`,
    label === ''
      ? ''
      : `<text x="32" y="44" font-size="18" font-weight="600" fill-opacity="0.85">${escapeXml(label)}</text>`,
    `<text x="${WIDTH / 2}" y="${firstBaseline}" font-size="${TITLE_FONT_SIZE}" font-weight="700" text-anchor="middle">`,
    ...lines.map(
      (line, index) =>
        `<tspan x="${WIDTH / 2}" dy="${index === 0 ? 0 : TITLE_LINE_HEIGHT}">${escapeXml(line)}</tspan>`,
    ),
    `</text></g></svg>`,
  ].join('')
}

function renderShapes(random: SeededRandom): string[] {
  const count = 3 + random.int(3)
  const shapes: string[] = []
  for (let i = 0; i < count; i++) {
    const x = random.int(WIDTH)
    const y = random.int(HEIGHT)
    const size = 40 + random.int(160)
    const opacity = (0.06 + random.next() * 0.14).toFixed(2)
    const kind = random.int(4)
    if (kind === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="#ffffff" fill-opacity="${opacity}"/>`)
    } else if (kind === 1) {
      const stroke = 4 + random.int(10)
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="#ffffff" stroke-width="${stroke}" stroke-opacity="${opacity}"/>`,
      )
    } else if (kind === 2) {
      const angle = random.int(90)
      shapes.push(
        `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${random.int(24)}" transform="rotate(${angle} ${x} ${y})" fill="#ffffff" fill-opacity="${opacity}"/>`,
      )
    } else {
      const points = [0, 1, 2].map((corner) => {
        const angle = ((random.int(360) + corner * 120) * Math.PI) / 180
        return `${Math.round(x + size * Math.cos(angle))},${Math.round(y + size * Math.sin(angle))}`
      })
      shapes.push(`<polygon points="${points.join(' ')}" fill="#000000" fill-opacity="${opacity}"/>`)
    }
  }
  return shapes
}

/** Greedy word wrap on code points; overflow beyond the last line is cut with an ellipsis. */
export function wrapTitle(title: string, maxChars = MAX_LINE_CHARS, maxLines = MAX_LINES): string[] {
  const words = normalizeSpace(title)
    .split(' ')
    .filter((word) => word.length > 0)
    .flatMap((word) => chunk(word, maxChars))
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`
    if (charCount(candidate) <= maxChars) {
      current = candidate
    } else {
      lines.push(current)
      current = word
    }
  }
  if (current !== '') lines.push(current)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines - 1)
  const last = lines[maxLines - 1] ?? ''
  // Prefer dropping the last whole word to cutting one in half when the ellipsis does not fit.
  const room = charCount(last) < maxChars || !last.includes(' ') ? last : last.slice(0, last.lastIndexOf(' '))
  kept.push(truncate(`${room.replace(/[\s,.;:]+$/, '')}${ELLIPSIS}`, maxChars))
  return kept
}

function truncate(text: string, maxChars: number): string {
  const chars = Array.from(text)
  if (chars.length <= maxChars) return text
  return `${chars
    .slice(0, maxChars - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`
}

function chunk(word: string, size: number): string[] {
  const chars = Array.from(word)
  const pieces: string[] = []
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''))
  return pieces
}

const charCount = (text: string): number => Array.from(text).length

const normalizeSpace = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Escapes markup characters and drops code points that XML 1.0 does not allow. */
export function escapeXml(text: string): string {
  let escaped = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const allowed =
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0d ||
      (code >= 0x20 && code < 0xd800) ||
      (code > 0xdfff && code < 0xfffe) ||
      code > 0xffff
    if (allowed) escaped += XML_ESCAPES[char] ?? char
  }
  return escaped
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const channel = (offset: number): string => {
    const k = (offset + hue / 30) % 12
    const value = lightness - (chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))) / 2
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}
