import { expect } from 'vitest';
import { AV } from './setup';
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
