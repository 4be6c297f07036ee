import { afterAll, beforeAll, expect } from 'vitest';
import { AV, startSdkServer } from './setup';
import type { SdkRequest, SdkServer } from './setup';

// Small helpers the SDK test files share (each file boots its own server with startSdkServer).

/** Runs `fn` and returns the requests the SDK sent meanwhile. */
export async function sentDuring(sdk: SdkServer, fn: () => Promise<unknown>): Promise<SdkRequest[]> {
  const mark = sdk.requests.length;
  await fn();
  return sdk.since(mark);
}

/** The one request of a list (fails the test when there are more or none). */
export function only(list: SdkRequest[]): SdkRequest {
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** An object fetched anew from the server. */
export async function fresh(className: string, id: string | undefined): Promise<AV.Object> {
  const o = AV.Object.createWithoutData(className, id ?? '');
  await o.fetch();
  return o;
}

/** Creates and saves an object. */
export function create(className: string, attrs: Record<string, unknown>): Promise<AV.Object> {
  return new AV.Object(className).save(attrs);
}

/**
 * Boots the server and points the SDK at it for one test file (the SDK is a module singleton, one
 * per file), optionally seeding data and with app settings (`options`); `sdk()` is the running
 * server, `sent` records requests.
 */
export function useSdkServer(seed?: () => Promise<void>, options?: Parameters<typeof startSdkServer>[0]) {
  let server: SdkServer | undefined;
  beforeAll(async () => {
    server = await startSdkServer(options);
    await seed?.();
  });
  afterAll(() => server?.close());
  const sdk = (): SdkServer => {
    if (!server) throw new Error('the SDK server is not started');
    return server;
  };
  return { sdk, sent: (fn: () => Promise<unknown>) => sentDuring(sdk(), fn) };
}
