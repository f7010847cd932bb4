import { sampleImageName, type SampleAppId } from './sample-apps'

/**
 * The sample apps' illustrations (made by scripts/generate-storefront-images.ts) as hashed asset URLs,
 * cached for a year; `no-inline` keeps them out of the JavaScript even though they are small.
 */
const urls = import.meta.glob<string>('./assets/samples/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
})

export function sampleImageUrl(id: SampleAppId): string {
  const url = urls[`./assets/samples/${sampleImageName(id)}.svg`]
  if (!url) throw new Error(`No image for the sample app ${id}`)
  return url
}
