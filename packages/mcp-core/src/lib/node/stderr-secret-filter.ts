import { Buffer } from 'node:buffer'
import process from 'node:process'

/**
 * Replaces each secret in `text` with `[redacted]`, except where it is only part of a longer word
 * (a key `k` inside `network`): this filter sees finished lines and cannot tell a leaked key from
 * our own words, so it only takes what stands apart. Messages that quote outside text redact
 * their quotes completely where they are built; this is the backstop behind them.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret === '') continue
    const before = /^[A-Za-z0-9]/.test(secret) ? '(?<![A-Za-z0-9])' : ''
    const after = /[A-Za-z0-9]$/.test(secret) ? '(?![A-Za-z0-9])' : ''
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    out = out.replace(new RegExp(`${before}${escaped}${after}`, 'g'), '[redacted]')
  }
  return out
}

/**
 * Passes everything this process writes to stderr through `redactSecrets`: the last filter
 * before a secret setting could reach a log. Installed once per process.
 */
export function filterStderr(secrets: readonly string[]): void {
  const kept = secrets.filter((secret) => secret !== '')
  if (kept.length === 0) return
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean
  process.stderr.write = (chunk: unknown, ...rest: unknown[]) =>
    write(
      typeof chunk === 'string'
        ? redactSecrets(chunk, kept)
        : chunk instanceof Uint8Array
          ? redactSecrets(Buffer.from(chunk).toString('utf8'), kept)
          : chunk,
      ...rest,
    )
}
