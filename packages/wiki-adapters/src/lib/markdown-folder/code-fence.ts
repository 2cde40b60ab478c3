// Where fenced code starts and ends, line by line. Links, tags and headings inside a fenced block
// are code, not page structure; every reader of a page body must agree on where such blocks are,
// or a link the index counts could be one a move does not rewrite.

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** Tracks the fenced block a sequence of lines is in (CommonMark's opening and closing rules). */
export class CodeFences {
  #char: string | undefined
  #length = 0

  /** True while the lines read so far leave a fenced block open. */
  get inCode(): boolean {
    return this.#char !== undefined
  }

  /**
   * Reads the next line; true when it opens or closes a fenced block (a fence line belongs to
   * neither the text nor the code's content).
   */
  isFence(line: string): boolean {
    // most lines hold neither fence character: skip the regex for them
    if (!line.includes('`') && !line.includes('~')) return false
    const run = FENCE.exec(line)?.[1]
    if (run === undefined) return false
    if (this.#char === undefined) {
      this.#char = run[0]
      this.#length = run.length
      return true
    }
    if (run[0] === this.#char && run.length >= this.#length && line.trim() === run) {
      this.#char = undefined
      return true
    }
    // inside a block, a fence line of another kind is content
    return false
  }
}
