/** Protocol revisions served, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const)

/** One of the served protocol revisions. */
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number]

/** The revision used when a client asks for none or for one we do not serve. */
export const LATEST_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25'

export function isSupportedVersion(value: unknown): value is ProtocolVersion {
  return (
    value === '2025-11-25' ||
    value === '2025-06-18' ||
    value === '2025-03-26' ||
    value === '2024-11-05'
  )
}
