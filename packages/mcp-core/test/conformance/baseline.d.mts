// Types for baseline.mjs, which stays JavaScript so run.mjs needs no build.
export declare const baselineUrl: URL
export declare const MUST_PASS: readonly string[]
export declare function readBaseline(): { keys: string[]; entries: string[] }
