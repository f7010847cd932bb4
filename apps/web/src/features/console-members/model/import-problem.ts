import type { ImportProblem } from '../api/members-api'

/**
 * A problem of a buyers' file in the owner's words: the text's name under
 * `consoleMembers.bulk.problems` and what it names (the row or line, the email).
 */
export function importProblemText(problem: ImportProblem): {
  key: 'syntax' | 'columns' | 'email' | 'name' | 'repeated' | 'empty'
  values: Record<string, string | number>
} {
  switch (problem.kind) {
    case 'syntax':
      return { key: 'syntax', values: { line: problem.line } }
    case 'columns':
      return { key: 'columns', values: { row: problem.row } }
    case 'email':
      return { key: 'email', values: { row: problem.row, value: problem.value } }
    case 'name':
      return { key: 'name', values: { row: problem.row } }
    case 'repeated':
      return {
        key: 'repeated',
        values: { row: problem.row, email: problem.email, firstRow: problem.firstRow },
      }
    case 'empty':
      return { key: 'empty', values: {} }
  }
}
