// Types of the benchmark's point maker, for the tests that load the single-pass probe.
import type { Point } from '../src/index.js'

/** `point(offset)` for `text`, as the parser's pointer makes points. */
export declare function createPoints(text: string): (offset: number) => Point
