/** The error a call throws, or null when it returns. */
export function thrown(call: () => unknown): unknown {
  try {
    call()
  } catch (error) {
    return error
  }
  return null
}
