/**
 * The server's notion of now. Tests move it forward (account locks, cursor expiry) through the
 * test-only control endpoint instead of sleeping.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
