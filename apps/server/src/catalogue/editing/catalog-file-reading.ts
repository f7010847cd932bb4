import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import type { SentFileProblem } from '../../platform/error-messages/spoken'
import type { CatalogFile } from './catalog-file-reader'

/** A catalogue file as read: its valid entries, its first problems and how many there are. */
export interface SentCatalogRead {
  file: CatalogFile
  problems: SentFileProblem[]
  problemCount: number
}

/**
 * Who reads catalogue files for the catalogue: the file worker (`uploaded-files/`), off the main thread
 * (decision 056). The catalogue names what it needs; the composition (app.ts, the CLI) hands it the reader.
 */
export interface CatalogFileReading {
  /** `POST /v1/store/catalog/import`'s body: `fileName`, `content`, `dryRun`, `format`. */
  catalogUpload(
    body: unknown,
  ): Promise<{ fileName: string; dryRun: boolean; format: CatalogFileFormat; read: SentCatalogRead }>
  /** A catalogue file's text (the admin CLI's `catalog import`). */
  catalogFile(content: string, format: CatalogFileFormat): Promise<SentCatalogRead>
}
