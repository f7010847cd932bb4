import { describe, expect, it } from 'vitest'
import { toGalleryProject } from '../../src/features/gallery/model/project'

const base = { $id: 'p-1', title: 'Robot' }

describe('toGalleryProject', () => {
  it('reads the stored JSON text of links and demonstration cases', () => {
    const project = toGalleryProject({
      ...base,
      project_links: JSON.stringify([{ title: 'Demo', url: 'https://demo.example/app' }]),
      demonstration_cases: JSON.stringify(['One', 'Two']),
      category: { $id: 'cat-1', name: 'Chatbots', description: '' },
    })
    expect(project?.links).toEqual([{ title: 'Demo', url: 'https://demo.example/app' }])
    expect(project?.demonstrationCases).toEqual(['One', 'Two'])
    expect(project?.category).toEqual({ id: 'cat-1', name: 'Chatbots' })
  })

  it('falls back to empty lists when the fields are absent or malformed', () => {
    for (const value of [undefined, null, '', 'not json', '{"a":1}', '42', 7, { url: 'https://x.example' }]) {
      const project = toGalleryProject({ ...base, project_links: value, demonstration_cases: value })
      expect(project?.links).toEqual([])
      expect(project?.demonstrationCases).toEqual([])
    }
  })

  it('keeps only http(s) links, and items that are links at all', () => {
    const project = toGalleryProject({
      ...base,
      project_links: [
        { title: 'Script', url: 'javascript:alert(1)' },
        { title: 'Data', url: 'data:text/html,<b>x</b>' },
        { title: 'Relative', url: '/admin' },
        { title: 'Mail', url: 'mailto:a@example.com' },
        { url: 'http://plain.example' },
        'https://string.example',
        { title: 'Fine', url: ' https://fine.example/ ' },
      ],
      demonstration_cases: ['ok', 3, null, '  ', { text: 'x' }],
    })
    expect(project?.links).toEqual([
      { title: 'http://plain.example', url: 'http://plain.example' },
      { title: 'Fine', url: 'https://fine.example/' },
    ])
    expect(project?.demonstrationCases).toEqual(['ok'])
  })

  it('uses Uncategorized without a category and empty texts for missing ones', () => {
    expect(toGalleryProject({ ...base, category: null })).toEqual({
      id: 'p-1',
      title: 'Robot',
      subtitle: '',
      youtubeUrl: null,
      thumbnailUrl: null,
      problemSolved: '',
      author: '',
      links: [],
      demonstrationCases: [],
      category: { id: 'uncategorized', name: 'Uncategorized' },
      createdAt: null,
    })
  })

  it('loads thumbnails only from the store’s /media/ or http(s), and video addresses only if http(s)', () => {
    const own = toGalleryProject({
      ...base,
      thumbnail_url: '/media/thumbnails/p-1.svg',
      youtube_url: 'javascript:x',
    })
    expect(own?.thumbnailUrl).toBe('/media/thumbnails/p-1.svg')
    expect(own?.youtubeUrl).toBeNull()
    for (const url of [
      'https://cdn.example/x.png',
      'http://cdn.example/x.png?size=2',
      ' https://cdn.example/y.png ',
    ])
      expect(toGalleryProject({ ...base, thumbnail_url: url })?.thumbnailUrl, url).toBe(url.trim())
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'vbscript:x',
    'ftp://files.example/x.png',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '\\\\evil.example/x.png',
    '/\tevil.example/x.png',
    '/\t/evil.example/x.png',
    '/media/..//evil.example/x.png',
    '/media/%2e%2e//evil.example/x.png',
    '/media/\\evil.example/x.png',
    '/media/thumb nail.png',
    '/admin/x.png',
    '/v1/account',
    'thumbnails/x.png',
    'x.png',
  ])('renders no thumbnail for %j', (url) => {
    expect(toGalleryProject({ ...base, thumbnail_url: url })?.thumbnailUrl).toBeNull()
  })

  it('is null for something that is not a project', () => {
    expect(toGalleryProject({ title: 'no id' })).toBeNull()
    expect(toGalleryProject('text')).toBeNull()
  })
})
