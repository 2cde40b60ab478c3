/**
 * Inverted lists packed into three typed arrays (compressed sparse rows): the postings of term `t`
 * are entries `offsets[t]` to `offsets[t + 1]` of `docs` and `weights`, in ascending document order.
 *
 * Why packed: growing one array per term, page by page, was the start-up hotspot (tens of thousands
 * of arrays reallocated as they grow, all traced by the garbage collector). Counting first and then
 * filling exact-size arrays touches each entry twice and allocates three objects in all.
 */
export class PackedPostings {
  readonly offsets: Int32Array
  readonly docs: Int32Array
  readonly weights: Int32Array

  private constructor(offsets: Int32Array, docs: Int32Array, weights: Int32Array) {
    this.offsets = offsets
    this.docs = docs
    this.weights = weights
  }

  static readonly empty: PackedPostings = new PackedPostings(
    new Int32Array(1),
    new Int32Array(0),
    new Int32Array(0),
  )

  /**
   * Packs per-document term lists: `docTerms[doc]` holds `[term, weight, term, weight, …]`, or is
   * undefined for a removed document. Term ids are below `termCount`.
   */
  static build(termCount: number, docTerms: readonly (Int32Array | undefined)[]): PackedPostings {
    const offsets = new Int32Array(termCount + 1)
    let entries = 0
    for (const terms of docTerms) {
      if (!terms) continue
      for (let i = 0; i < terms.length; i += 2) (offsets[(terms[i] as number) + 1] as number) += 1
      entries += terms.length / 2
    }
    for (let t = 0; t < termCount; t += 1) (offsets[t + 1] as number) += offsets[t] as number
    const next = offsets.slice(0, termCount)
    const docs = new Int32Array(entries)
    const weights = new Int32Array(entries)
    for (let doc = 0; doc < docTerms.length; doc += 1) {
      const terms = docTerms[doc]
      if (!terms) continue
      for (let i = 0; i < terms.length; i += 2) {
        const term = terms[i] as number
        const at = next[term] as number
        next[term] = at + 1
        docs[at] = doc
        weights[at] = terms[i + 1] as number
      }
    }
    return new PackedPostings(offsets, docs, weights)
  }

  /**
   * Postings read back from the index cache, checked to fit `termCount` terms over `docCount`
   * documents; throws when they do not.
   */
  static restore(
    parts: { offsets: Int32Array; docs: Int32Array; weights: Int32Array },
    termCount: number,
    docCount: number,
  ): PackedPostings {
    const { offsets, docs, weights } = parts
    if (
      !(offsets instanceof Int32Array) ||
      !(docs instanceof Int32Array) ||
      !(weights instanceof Int32Array) ||
      offsets.length !== termCount + 1 ||
      docs.length !== weights.length ||
      offsets[0] !== 0 ||
      offsets[termCount] !== docs.length
    )
      throw new Error('packed postings do not fit the index')
    for (let t = 0; t < termCount; t += 1)
      if ((offsets[t] as number) > (offsets[t + 1] as number))
        throw new Error('packed postings offsets go backwards')
    for (const doc of docs)
      if (doc < 0 || doc >= docCount) throw new Error('packed postings document out of range')
    return new PackedPostings(
      new Int32Array(offsets),
      new Int32Array(docs),
      new Int32Array(weights),
    )
  }

  /** Number of terms covered; ids at or above it have no packed entries. */
  get termCount(): number {
    return this.offsets.length - 1
  }
}
