/** A YouTube video id: exactly 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])

/** Path forms that carry the id as their second segment: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v'])

function validId(candidate: string | null | undefined): string | null {
  return candidate && VIDEO_ID.test(candidate) ? candidate : null
}

/**
 * The video id of any common YouTube address (watch, youtu.be, shorts, embed, live, with extra
 * parameters), or null for anything else. Only https/http addresses on YouTube's own hosts count.
 */
export function youtubeVideoId(address: string | null | undefined): string | null {
  if (!address) return null
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  const segments = url.pathname.split('/').filter(Boolean)
  if (host === 'youtu.be' || host === 'www.youtu.be') return validId(segments[0])
  if (!YOUTUBE_HOSTS.has(host)) return null
  if (segments[0] === 'watch') return validId(url.searchParams.get('v'))
  if (segments[0] && ID_PATH_PREFIXES.has(segments[0])) return validId(segments[1])
  return null
}

/** The privacy-enhanced player: no cookies until the visitor plays the video. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
