import { WikiSourceError } from '../wiki-source-error.js'
import { invalidArguments } from './argument-error.js'
import type { LocalDate } from './local-date.js'
import type { LockedWriter } from './locked-write.js'
import type { AppendLogResult, LogEntry } from './types.js'

const LOG_PATH = 'log.md'
const MAX_LOG_ENTRY = 32_000
/** The header `grep "^## \[" log.md` lists: `## [YYYY-MM-DD] kind | title`. */
const LOG_HEADER = /^## \[\d{4}-\d{2}-\d{2}\] /

/**
 * Appends one entry to `log.md` (created when missing) under the page lock, separated from the
 * previous entry by one blank line: free text as given (with a warning when it lacks the dated
 * header), or a header dated today built from `kind` and `title`, then the body.
 */
export async function appendLog(
  writer: LockedWriter,
  date: LocalDate,
  input: LogEntry,
): Promise<AppendLogResult> {
  let text: string
  let header: string | undefined
  let warning: string | undefined
  if ('entry' in input) {
    text = input.entry
    if (text.trim() === '') throw invalidArguments('entry', 'entry must not be empty')
    if (!LOG_HEADER.test(text)) {
      warning =
        'The entry does not start with "## [YYYY-MM-DD] kind | title"; `grep "^## \\[" log.md` will not list it.'
    }
  } else {
    if (/[\r\n|]/.test(input.kind) || input.kind.trim() === '' || input.kind.length > 40) {
      throw invalidArguments('kind', 'kind must be one line of at most 40 characters without "|"')
    }
    if (/[\r\n]/.test(input.title) || input.title.trim() === '' || input.title.length > 200) {
      throw invalidArguments('title', 'title must be one non-empty line of at most 200 characters')
    }
    header = `## [${date(Date.now())}] ${input.kind.trim()} | ${input.title.trim()}`
    const body = input.body?.replace(/\s+$/, '')
    text = body ? `${header}\n\n${body}` : header
  }
  if (text.length > MAX_LOG_ENTRY) {
    throw new WikiSourceError(
      'too_large',
      `The log entry is ${text.length} characters, over the ${MAX_LOG_ENTRY} limit.`,
      {
        data: { limit: MAX_LOG_ENTRY, size: text.length },
      },
    )
  }
  return writer.withPage(LOG_PATH, async (page) => {
    const old = page.current?.toString('utf8') ?? ''
    const separator =
      old === '' ? '' : old.endsWith('\n\n') ? '' : old.endsWith('\n') ? '\n' : '\n\n'
    const next = `${old}${separator}${text}${text.endsWith('\n') ? '' : '\n'}`
    const written = await page.replace(next)
    return {
      success: true as const,
      path: LOG_PATH,
      ...(header === undefined ? {} : { header }),
      created: page.current === undefined,
      sha256: written.sha256,
      ...(warning === undefined ? {} : { warning }),
    }
  })
}
