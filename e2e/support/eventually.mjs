// @ts-check

/**
 * Waits until `check` passes (the server has committed, or the screen shows, what is expected),
 * trying it again every `everyMs`; throws its last failure after `timeout`.
 * @template T @param {() => Promise<T>} check @param {number} [timeout] @param {number} [everyMs]
 * @returns {Promise<T>}
 */
export async function eventually(check, timeout = 5_000, everyMs = 100) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
