import escapeHtml from 'escape-html'
import type { FastifyReply } from 'fastify'
import type { Language } from '../../platform/error-messages/request-language'

/** What the page says: asking first (mail scanners open links), done, or why the link cannot be used. */
export type UnsubscribePageState = 'ask' | 'done' | 'invalid' | 'bad-request'

const words: Record<
  Language,
  Record<UnsubscribePageState, { title: string; text: string }> & { button: string; account: string }
> = {
  es: {
    ask: {
      title: 'Correo semanal de novedades',
      text: '¿Quieres dejar de recibir el correo semanal con los proyectos nuevos de {store}?',
    },
    done: {
      title: 'Ya no recibirás el correo semanal',
      text: 'Listo: no te enviaremos más el correo semanal de novedades. Puedes volver a activarlo cuando quieras en «Mi cuenta».',
    },
    invalid: {
      title: 'Enlace no válido',
      text: 'Este enlace para dejar de recibir el correo semanal no es válido. Desactiva el correo en «Mi cuenta» o escribe a soporte.',
    },
    'bad-request': {
      title: 'Petición no válida',
      text: 'Para dejar de recibir el correo semanal, abre el enlace del correo y pulsa el botón.',
    },
    button: 'Dejar de recibirlo',
    account: 'Ir a «Mi cuenta»',
  },
  en: {
    ask: {
      title: 'Weekly what’s new email',
      text: 'Do you want to stop getting the weekly email with the new projects in {store}?',
    },
    done: {
      title: 'You will no longer get the weekly email',
      text: 'Done: we will not send you the weekly what’s new email any more. You can turn it back on at any time in “My account”.',
    },
    invalid: {
      title: 'Link not valid',
      text: 'This link to stop the weekly email is not valid. Turn the email off in “My account” or write to support.',
    },
    'bad-request': {
      title: 'Request not valid',
      text: 'To stop the weekly email, open the link in the email and press the button.',
    },
    button: 'Stop getting it',
    account: 'Go to “My account”',
  },
}

const STATUS: Record<UnsubscribePageState, number> = { ask: 200, done: 200, invalid: 404, 'bad-request': 400 }

/**
 * Nothing from elsewhere, no script, inline styles only, a form that posts only to the store itself; the
 * address holds the link's signature, so it is neither kept, framed nor sent on as a referrer.
 */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex',
}

const STYLE =
  'body{margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a}' +
  'main{max-width:520px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}' +
  'h1{font-size:1.375rem;margin:0 0 16px}p{margin:0 0 16px;line-height:1.5}' +
  'button{font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #0f172a;outline-offset:2px}a{color:#1d4ed8}'

/**
 * The small page of an unsubscribe link, in the member's language, with the button that posts it,
 * naming the store as the owner last published it (issue 41).
 */
export function sendUnsubscribePage(
  reply: FastifyReply,
  state: UnsubscribePageState,
  language: Language,
  storeName: string,
) {
  const said = words[language]
  const { title } = said[state]
  const text = said[state].text.replaceAll('{store}', storeName)
  // RFC 8058's own body, so that the page's button and a mail provider's one-click post alike.
  const form =
    state === 'ask'
      ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(said.button)}</button></form>`
      : `<p><a href="/account">${escapeHtml(said.account)}</a></p>`
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(storeName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${form}
</main>
</body>
</html>
`
  return reply.code(STATUS[state]).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html)
}
