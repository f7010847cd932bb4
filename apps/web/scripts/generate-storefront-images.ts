/**
 * Draws the storefront's images, so the store needs nothing from another site:
 * - one illustration per sample app of the landing carousel's version 1 (WebP, 640×400, no text, no
 *   fonts), at the stable address the content names (`/samples/<name>.webp`, public/samples/);
 * - the Open Graph / Twitter card per language (JPEG, 1200×630).
 * Both are rendered by Debian's Chromium (CHROMIUM_PATH names another, e.g. its headless shell).
 *
 * Run after changing version 1's sample apps or the card's wording, and commit the output:
 *   npx tsx apps/web/scripts/generate-storefront-images.ts
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const samplesDir = path.join(webDir, 'public/samples')
const ogDir = path.join(webDir, 'public/og')
const W = 640
const H = 400

/** The images version 1's carousel names (`/samples/whatsapp-sales.webp` → `whatsapp-sales`). */
const SAMPLE_NAMES = defaultStorefrontContent().landing.carousel.apps.flatMap((app) => {
  const name = app.source === 'manual' ? /^\/samples\/([a-z-]+)\.webp$/.exec(app.image)?.[1] : undefined
  return name ? [name] : []
})

type Motif =
  'chat' | 'document' | 'audio' | 'photo' | 'agent' | 'flow' | 'chart' | 'code' | 'calendar' | 'scan'

/** Each image's motif and hue, by its name. */
const MOTIFS: Record<string, [Motif, number]> = {
  'whatsapp-sales': ['chat', 142],
  'pdf-chat': ['document', 4],
  'meeting-notes': ['audio', 262],
  'product-photos': ['photo', 32],
  'web-researcher': ['agent', 222],
  'invoice-flow': ['flow', 18],
  'english-tutor': ['chat', 200],
  'receipt-reader': ['scan', 48],
  'seo-writer': ['document', 160],
  'support-bot': ['chat', 238],
  'sales-dashboard': ['chart', 190],
  'code-reviewer': ['code', 250],
  'short-scripts': ['photo', 330],
  'subtitle-translator': ['document', 280],
  'resume-filter': ['scan', 210],
  'meal-planner': ['calendar', 100],
  'defect-detector': ['scan', 0],
  'text-to-speech': ['audio', 300],
  'contract-analyzer': ['document', 226],
  'expense-bot': ['chart', 172],
  'exam-generator': ['calendar', 40],
  'appointment-assistant': ['calendar', 180],
  'social-planner': ['flow', 316],
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue} ${saturation}% ${lightness}%)`

/** Rounded "text lines" of a mock interface. */
function lines(x: number, y: number, widths: number[], color: string, gap = 18): string {
  return widths
    .map((w, i) => `<rect x="${x}" y="${y + i * gap}" width="${w}" height="8" rx="4" fill="${color}"/>`)
    .join('')
}

function motif(kind: Motif, accent: string, soft: string): string {
  const grey = '#cbd5e1'
  switch (kind) {
    case 'chat':
      return [
        `<rect x="92" y="112" width="250" height="58" rx="16" fill="${soft}"/>`,
        lines(110, 128, [190, 130], accent),
        `<rect x="298" y="190" width="250" height="58" rx="16" fill="${accent}"/>`,
        lines(316, 206, [200, 120], '#ffffff'),
        `<rect x="92" y="268" width="200" height="44" rx="16" fill="${soft}"/>`,
        `<circle cx="122" cy="290" r="6" fill="${accent}"/><circle cx="142" cy="290" r="6" fill="${accent}" fill-opacity=".6"/><circle cx="162" cy="290" r="6" fill="${accent}" fill-opacity=".3"/>`,
      ].join('')
    case 'document':
      return [
        `<rect x="96" y="104" width="170" height="216" rx="10" fill="${soft}"/>`,
        lines(116, 128, [120, 130, 100, 130, 90, 120, 110, 70], accent, 22),
        `<rect x="296" y="120" width="252" height="150" rx="14" fill="#f8fafc" stroke="${grey}"/>`,
        lines(316, 142, [200, 180, 210, 120], '#94a3b8', 20),
        `<rect x="316" y="232" width="96" height="22" rx="11" fill="${accent}"/>`,
      ].join('')
    case 'audio':
      return [
        ...Array.from({ length: 24 }, (_, i) => {
          const h = 24 + Math.round(Math.abs(Math.sin(i * 1.3) * 90) + (i % 3) * 12)
          return `<rect x="${104 + i * 18}" y="${200 - h / 2}" width="10" height="${h}" rx="5" fill="${i < 14 ? accent : grey}"/>`
        }),
        `<circle cx="320" cy="298" r="24" fill="${accent}"/><path d="M312 286v24l20-12z" fill="#fff"/>`,
      ].join('')
    case 'photo':
      return [
        `<rect x="120" y="104" width="400" height="210" rx="14" fill="${soft}"/>`,
        `<circle cx="440" cy="150" r="22" fill="${accent}" fill-opacity=".7"/>`,
        `<path d="M140 296l104-110 74 78 48-44 134 76z" fill="${accent}"/>`,
        `<rect x="236" y="236" width="168" height="60" rx="10" fill="#fff" fill-opacity=".9"/>`,
        lines(252, 252, [130, 90], accent),
      ].join('')
    case 'agent':
      return [
        `<rect x="96" y="108" width="448" height="40" rx="20" fill="#f1f5f9" stroke="${grey}"/>`,
        `<circle cx="122" cy="128" r="9" fill="none" stroke="${accent}" stroke-width="3"/>`,
        lines(144, 124, [220], '#94a3b8'),
        ...[0, 1, 2].map(
          (i) =>
            `<rect x="${96 + i * 154}" y="172" width="140" height="130" rx="12" fill="${soft}"/>` +
            lines(112 + i * 154, 192, [100, 80, 108, 60], accent, 20),
        ),
      ].join('')
    case 'flow':
      return [
        ...[
          [110, 120],
          [270, 200],
          [430, 120],
          [430, 262],
        ].map(
          ([x, y]) =>
            `<rect x="${x}" y="${y}" width="104" height="56" rx="12" fill="${soft}" stroke="${accent}" stroke-width="2"/>` +
            lines((x ?? 0) + 16, (y ?? 0) + 16, [70, 48], accent),
        ),
        `<path d="M214 148c40 0 20 80 56 80M374 228c30 0 26-80 56-80M374 228c30 0 26 62 56 62" fill="none" stroke="${accent}" stroke-width="3"/>`,
      ].join('')
    case 'chart':
      return [
        `<path d="M96 300h448" stroke="${grey}" stroke-width="2"/>`,
        ...[70, 110, 90, 150, 130, 176, 160].map(
          (h, i) =>
            `<rect x="${112 + i * 58}" y="${300 - h}" width="34" height="${h}" rx="6" fill="${i === 5 ? accent : soft}"/>`,
        ),
        `<path d="M129 220 187 186 245 202 303 150 361 164 419 116 477 130" fill="none" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>`,
      ].join('')
    case 'code':
      return [
        `<rect x="96" y="104" width="448" height="212" rx="12" fill="#0f172a"/>`,
        ...[
          [120, 60, 150],
          [140, 90, 110],
          [140, 50, 180],
          [160, 120, 70],
          [140, 70, 130],
          [120, 40, 0],
        ].map(
          ([x, a, b], i) =>
            `<rect x="${x}" y="${128 + i * 28}" width="${a}" height="9" rx="4" fill="${accent}"/>` +
            (b
              ? `<rect x="${(x ?? 0) + (a ?? 0) + 12}" y="${128 + i * 28}" width="${b}" height="9" rx="4" fill="#475569"/>`
              : ''),
        ),
        `<rect x="384" y="236" width="140" height="60" rx="10" fill="${soft}"/>`,
        lines(400, 252, [100, 70], accent),
      ].join('')
    case 'calendar':
      return [
        `<rect x="110" y="104" width="420" height="212" rx="12" fill="#f8fafc" stroke="${grey}"/>`,
        `<rect x="110" y="104" width="420" height="40" rx="12" fill="${accent}"/>`,
        ...Array.from({ length: 15 }, (_, i) => {
          const x = 130 + (i % 5) * 80
          const y = 160 + Math.floor(i / 5) * 50
          return `<rect x="${x}" y="${y}" width="60" height="36" rx="8" fill="${[2, 6, 8, 13].includes(i) ? soft : '#ffffff'}" stroke="${grey}"/>`
        }),
      ].join('')
    case 'scan':
      return [
        `<rect x="190" y="100" width="260" height="220" rx="12" fill="${soft}"/>`,
        lines(214, 128, [170, 140, 200, 120, 180, 150, 90], accent, 24),
        `<path d="M170 124v-36h36M434 88h36v36M470 296v36h-36M206 332h-36v-36" fill="none" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>`,
        `<rect x="170" y="204" width="300" height="4" fill="${accent}" fill-opacity=".8"/>`,
      ].join('')
  }
}

function sampleSvg(name: string): string {
  const motifOf = MOTIFS[name]
  if (!motifOf) throw new Error(`No motif for the sample image ${name}`)
  const [kind, hue] = motifOf
  const accent = hsl(hue, 70, 42)
  const soft = hsl(hue, 80, 92)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 75, 55)}"/><stop offset="1" stop-color="${hsl((hue + 40) % 360, 70, 35)}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    `<rect x="56" y="48" width="528" height="304" rx="18" fill="#ffffff"/>`,
    `<circle cx="82" cy="74" r="6" fill="#f87171"/><circle cx="102" cy="74" r="6" fill="#fbbf24"/><circle cx="122" cy="74" r="6" fill="#34d399"/>`,
    `<path d="M56 94h528" stroke="#e2e8f0"/>`,
    motif(kind, accent, soft),
    `</svg>`,
  ].join('')
}

const OG_TEXT = {
  es: {
    eyebrow: 'Pack 2025',
    title: 'Más de 700 apps de IA con código fuente',
    offer: '$25 USD · pago único',
    bonus: '+ curso de n8n y máster en IA de regalo',
  },
  en: {
    eyebrow: '2025 bundle',
    title: 'Over 700 AI apps with source code',
    offer: '$25 USD · one-off payment',
    bonus: '+ free n8n course and AI master programme',
  },
} as const

function ogHtml(language: keyof typeof OG_TEXT): string {
  const text = OG_TEXT[language]
  const tiles = SAMPLE_NAMES.slice(0, 6)
    .map((name) => `<img src="data:image/svg+xml;base64,${Buffer.from(sampleSvg(name)).toString('base64')}">`)
    .join('')
  return `<!doctype html><html><head><style>
    *{margin:0;box-sizing:border-box}
    body{width:1200px;height:630px;font-family:'DejaVu Sans','Liberation Sans',sans-serif;color:#fff;
      background:linear-gradient(135deg,#1e3a8a,#1d4ed8 55%,#4f46e5);display:flex;overflow:hidden}
    .text{width:640px;padding:64px 0 64px 64px;display:flex;flex-direction:column;gap:22px}
    .brand{display:flex;align-items:center;gap:14px;font-size:30px;font-weight:700}
    .logo{width:48px;height:48px;border-radius:12px;background:#fff;display:grid;grid-template-columns:1fr 1fr;gap:5px;padding:10px}
    .logo i{background:#1d4ed8;border-radius:2px}
    .eyebrow{font-size:24px;font-weight:700;color:#bfdbfe;text-transform:uppercase;letter-spacing:2px;margin-top:28px}
    h1{font-size:58px;line-height:1.1;font-weight:800}
    .offer{font-size:34px;font-weight:700;background:#facc15;color:#1e293b;border-radius:14px;padding:10px 22px;align-self:flex-start}
    .bonus{font-size:26px;color:#dbeafe}
    .tiles{flex:1;display:grid;grid-template-columns:1fr 1fr;gap:18px;padding:48px 48px 48px 8px;transform:rotate(-6deg) translate(30px,-10px)}
    .tiles img{width:100%;border-radius:12px;box-shadow:0 12px 30px rgba(0,0,0,.35)}
  </style></head><body>
    <div class="text">
      <div class="brand"><span class="logo"><i></i><i></i><i></i><i></i></span>Projects Gallery</div>
      <div class="eyebrow">${text.eyebrow}</div>
      <h1>${text.title}</h1>
      <div class="offer">${text.offer}</div>
      <div class="bonus">${text.bonus}</div>
    </div>
    <div class="tiles">${tiles}</div>
  </body></html>`
}

/** The SVG drawn on a canvas and encoded by the browser: WebP, which no Node package here writes. */
async function webp(page: Page, svg: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height }) => {
      const image = new Image(width, height)
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      canvas.getContext('2d')?.drawImage(image, 0, 0, width, height)
      return canvas.toDataURL('image/webp', 0.9)
    },
    { svg, width: W, height: H },
  )
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('This Chromium does not encode WebP')
  return Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64')
}

async function main() {
  await mkdir(samplesDir, { recursive: true })
  await mkdir(ogDir, { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
    for (const name of SAMPLE_NAMES)
      await writeFile(path.join(samplesDir, `${name}.webp`), await webp(page, sampleSvg(name)))
    for (const language of ['es', 'en'] as const) {
      await page.setContent(ogHtml(language))
      await page.screenshot({
        path: path.join(ogDir, `projects-gallery-${language}.jpg`),
        type: 'jpeg',
        quality: 86,
      })
    }
  } finally {
    await browser.close()
  }
  console.log(`Wrote ${SAMPLE_NAMES.length} sample images and 2 social cards.`)
}

await main()
