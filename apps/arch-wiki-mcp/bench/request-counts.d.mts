// Types of request-counts.mjs for the TypeScript test that shares it.
export interface RequestCountRow {
  tool: string
  call: string
  cold: number
  warm: number
  requests: string[]
}
export interface RequestCountCase {
  tool: string
  label?: string
  args: Record<string, unknown>
}
export function requestCounts(
  makeTools: (
    onRequest: (event: { action: string; key: string }) => void,
  ) => Record<string, unknown>,
  cases: readonly RequestCountCase[],
): Promise<RequestCountRow[]>
export function requestTable(rows: readonly RequestCountRow[]): string
