import { describe, expect, it } from 'vitest';
import { exportDataBody, isRunning } from './api';

describe('exportDataBody', () => {
  it('sends only what was chosen, classes trimmed and joined', () => {
    expect(exportDataBody({})).toEqual({});
    expect(exportDataBody({ classes: ' Product, ,Review ', onlySchema: true })).toEqual({
      classes: 'Product,Review',
      'only-schema': 'true',
    });
  });
});

describe('isRunning', () => {
  it('polls only a running task', () => {
    expect(isRunning({ status: 'running', id: 'a' })).toBe(true);
    expect(isRunning({ status: 'done', id: 'a', download_url: 'x' })).toBe(false);
    expect(isRunning(undefined)).toBe(false);
  });
});
