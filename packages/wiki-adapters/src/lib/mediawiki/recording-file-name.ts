/**
 * `safe(key)`, the recordings' file-name rule: every code point that is not a Unicode letter or number
 * becomes one `_`. Iterating by code point keeps `简体中文` and astral letters whole.
 */
export function safeRecordingKey(key: string): string {
  let out = ''
  for (const char of key) out += /[\p{L}\p{N}]/u.test(char) ? char : '_'
  return out
}

/** The replay file of one API call: `<action>_<safe(key)>.json`. */
export function recordingFileName(action: 'parse' | 'query', key: string): string {
  return `${action}_${safeRecordingKey(key)}.json`
}
