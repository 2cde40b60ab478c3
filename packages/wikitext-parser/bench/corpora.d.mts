// Types of the benchmark corpora, for the tests that read them.

/** The recorded Arch pages' wikitext, or undefined when ../shared is not beside the clone. */
export declare function archCorpus(): string[] | undefined

/** Numbers in [0, 1) from a fixed seed. */
export declare function seededRandom(seed: number): () => number

/** Deterministic pages of at least `bytes` UTF-8 bytes in all. */
export declare function syntheticCorpus(bytes: number): string[]

/** The character scan the benchmark measures against. */
export declare function scan(text: string): number
