import { describe, expect, it } from 'vitest'
import { youtubeEmbedUrl, youtubeVideoId, youtubeWatchUrl } from '../../src/lib/youtube'

const ID = 'dQw4w9WgXcQ'

describe('youtubeVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}#comments`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc123&t=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}?rel=0`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('finds the id in %s', (url) => {
    expect(youtubeVideoId(url)).toBe(ID)
  })

  it.each([
    null,
    undefined,
    '',
    'not a url',
    `javascript:alert("https://youtu.be/${ID}")`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}"`,
    `https://youtu.be/${ID.slice(0, 10)}%22onload%3D`,
    `https://www.youtube.com/channel/UC1234567890`,
    `https://www.youtube.com/playlist?list=PL123`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?u=https://youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
    `data:text/html,https://youtu.be/${ID}`,
  ])('finds no id in %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull()
  })

  it('builds the privacy-enhanced embed and the watch address from the id only', () => {
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`)
    expect(youtubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`)
  })
})
