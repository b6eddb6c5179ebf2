/** Polls `check` until it is true, failing after `timeoutMs` with `what` in the message. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what} not met within ${timeoutMs} ms`);
}

/** Waits until `url` answers 2xx (a server still starting refuses the connection). */
export function waitUntilAnswers(url: string, timeoutMs = 180_000): Promise<void> {
  return waitUntil(
    async () => (await fetch(url).catch(() => null))?.ok === true,
    timeoutMs,
    `${url} answering`,
    250,
  );
}
