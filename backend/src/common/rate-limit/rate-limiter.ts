/** Counts hits per key in fixed one-minute windows. In memory: one API process per deployment. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly windowMs = 60_000) {}

  /** Records a hit; says whether it is within `limit`, and if not, when to come back. */
  hit(
    key: string,
    limit: number,
    now = Date.now(),
  ): { allowed: boolean; retryAfterSeconds: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (this.windows.size > 50_000) this.sweep(now);
    return {
      allowed: window.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
