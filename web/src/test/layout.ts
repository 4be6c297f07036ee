import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0×0 and a virtualizer would render no rows.
 * Give elements a viewport-sized client box for the duration of a test file.
 */
export function fakeLayoutInThisFile(width = 1200, height = 600): void {
  const originals = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(originals)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    }
  });
}
