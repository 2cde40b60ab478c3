/**
 * The verification rule of indented blocks: `content_raw` drops each line's
 * marker space, so putting one space back at the start of every line gives the contiguous slice
 * of the revision.
 */
export function restoreIndentedMarkers(contentRaw: string): string {
  return contentRaw
    .split('\n')
    .map((line) => ` ${line}`)
    .join('\n')
}
