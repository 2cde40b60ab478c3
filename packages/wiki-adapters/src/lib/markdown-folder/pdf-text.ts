import { runCommand } from './run-command.js'

/** What one extraction may cost: a hostile PDF must not take the server's CPU, memory or disk. */
export interface PdfTextLimits {
  /** Wall-clock time of one pdftotext run. */
  readonly timeoutMs: number
  /** Address space of one pdftotext process, in bytes (`ulimit -v`). */
  readonly memoryBytes: number
  /** Text one PDF may produce, in bytes of UTF-8; more is refused, not cut. */
  readonly maxOutputBytes: number
  /** pdftotext processes at once; further calls wait their turn. */
  readonly concurrency: number
  /** Text kept in memory for all PDFs together, in UTF-16 code units (least recently used goes). */
  readonly cacheChars: number
}

export const DEFAULT_PDF_LIMITS: PdfTextLimits = Object.freeze({
  timeoutMs: 15_000,
  memoryBytes: 1024 * 1024 * 1024,
  maxOutputBytes: 16 * 1024 * 1024,
  concurrency: 2,
  cacheChars: 32 * 1024 * 1024,
})

/** A failed extraction; `detail` never holds a path, so it may reach a client as is. */
export type PdfTextResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly missing: boolean; readonly detail: string }

export interface PdfTextExtractor {
  /**
   * The text of the PDF at `file`. `key` names the file's version (size, times, inode): a result,
   * failures included, is reused while the key stays the same.
   */
  extract(file: string, key?: string): Promise<PdfTextResult>
}

/**
 * Runs pdftotext bounded in time, memory, output and number at once, and remembers results by
 * file version. A PDF that failed (too slow, too big, malformed) fails again at once instead of
 * costing another run until the file changes.
 */
export function createPdfTextExtractor(
  pdftotext: string,
  limits: PdfTextLimits = DEFAULT_PDF_LIMITS,
): PdfTextExtractor {
  const results = new Map<string, { key: string; result: PdfTextResult; chars: number }>()
  let cachedChars = 0
  const queue: (() => void)[] = []
  let running = 0

  const remember = (file: string, key: string, result: PdfTextResult): void => {
    const chars = result.ok ? result.text.length : 0
    const old = results.get(file)
    if (old) {
      cachedChars -= old.chars
      results.delete(file)
    }
    if (chars > limits.cacheChars) return
    results.set(file, { key, result, chars })
    cachedChars += chars
    // Maps iterate in insertion order, and a hit re-inserts: the first entry is the least recent.
    for (const [name, entry] of results) {
      if (cachedChars <= limits.cacheChars) break
      results.delete(name)
      cachedChars -= entry.chars
    }
  }

  const turn = async (): Promise<void> => {
    if (running < limits.concurrency) {
      running += 1
      return
    }
    await new Promise<void>((resolve) => queue.push(resolve))
  }
  const release = (): void => {
    const next = queue.shift()
    if (next) next()
    else running -= 1
  }

  const run = async (file: string): Promise<PdfTextResult> => {
    // `ulimit -v` through a shell that then execs pdftotext: the limit is the process's own, and
    // the arguments travel as $0 "$@", never through the shell's parser.
    const kib = Math.max(1, Math.floor(limits.memoryBytes / 1024))
    const script = `ulimit -v ${kib} 2>/dev/null; exec "$0" "$@"`
    const result = await runCommand(
      '/bin/sh',
      ['-c', script, pdftotext, '-layout', '-enc', 'UTF-8', '-q', file, '-'],
      { timeoutMs: limits.timeoutMs, maxBytes: limits.maxOutputBytes },
    )
    if (result.ok) return { ok: true, text: result.stdout.toString('utf8') }
    // The shell reports a program it cannot find with status 127.
    if (result.missing || result.code === 127) {
      return { ok: false, missing: true, detail: 'pdftotext is not installed' }
    }
    if (result.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
      return {
        ok: false,
        missing: false,
        detail: `pdftotext produced more than ${limits.maxOutputBytes} bytes of text`,
      }
    }
    if (result.signal !== null) {
      return {
        ok: false,
        missing: false,
        detail: result.timedOut
          ? `pdftotext took longer than ${limits.timeoutMs} ms`
          : `pdftotext was stopped (${result.signal}), e.g. by its memory limit`,
      }
    }
    // pdftotext's own messages name the file by its absolute path: only the status is passed on.
    return {
      ok: false,
      missing: false,
      detail: `pdftotext could not read it (exit status ${String(result.code)})`,
    }
  }

  return {
    async extract(file, key) {
      const cached = key === undefined ? undefined : results.get(file)
      if (cached && cached.key === key) {
        results.delete(file)
        results.set(file, cached)
        return cached.result
      }
      await turn()
      let result: PdfTextResult
      try {
        result = await run(file)
      } finally {
        release()
      }
      // A missing pdftotext may be installed while the server runs: do not remember that.
      if (key !== undefined && !(result.ok === false && result.missing)) remember(file, key, result)
      return result
    },
  }
}
