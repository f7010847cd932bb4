/** One buyer to create from an import file, already checked to be a valid email and name. */
export interface MemberToImport {
  row: number
  email: string
  name: string
}
