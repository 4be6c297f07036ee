/** How far the app's clock is ahead of the console's (negative: behind), in seconds. */
export function clockSkewSeconds(serverTime: string, checkedAt: string): number {
  const server = Date.parse(serverTime);
  const here = Date.parse(checkedAt);
  return Number.isFinite(server) && Number.isFinite(here) ? (server - here) / 1000 : 0;
}
