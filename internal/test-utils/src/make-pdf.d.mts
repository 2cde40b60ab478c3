// Types for make-pdf.mjs, which stays JavaScript so the fixture generator runs without a build.
/** A minimal valid one-page PDF showing `lines` in Helvetica, built by hand (offsets computed). */
export declare function makePdf(lines: readonly string[]): Buffer
