import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { serverUrl, stack } from '../stack';

/**
 * The `leancloud-storage` SDK's browser build, as a web app on another origin loads it, saving
 * files to the API server: a Blob, a File (what an <input type=file> gives) and base64 data all go
 * through fileTokens, the multipart form POST to upload_url, and fileCallback, across origins.
 * (The s3 PUT it was told to use before took these too; streams, in Node, did not: see
 * server/src/sdk/files.sdk.test.ts.)
 */
/** What this page uses of the SDK's global `AV` (e2e has no SDK types of its own). */
interface SdkFile {
  id?: string;
  save(): Promise<unknown>;
  fetch(): Promise<unknown>;
  url(): string;
  name(): string;
  size(): unknown;
}
interface BrowserAv {
  init(options: { appId: string; appKey: string; serverURL: string }): void;
  File: {
    new (name: string, data: Blob | { base64: string }): SdkFile;
    createWithoutData(id: string): SdkFile;
  };
}
const sdkBuild = createRequire(new URL('../../server/package.json', import.meta.url)).resolve(
  'leancloud-storage/dist/av-min.js',
);

test('the browser SDK uploads a Blob, a File and base64 data; each url serves the bytes', async ({
  page,
}) => {
  // The app's own page and script, on an origin of its own (another port).
  const app = createServer((req, res) => {
    if (req.url === '/av-min.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(sdkBuild));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>app</title><script src="/av-min.js"></script>');
    }
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const { port } = app.address() as AddressInfo;
  try {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/files-upload/'))
        uploads.push(`${r.method()} ${r.headers()['content-type']?.split(';')[0]}`);
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    const saved = await page.evaluate(
      async ({ url, appId, appKey }) => {
        const AV = (window as unknown as { AV: BrowserAv }).AV;
        AV.init({ appId, appKey, serverURL: url });
        const bytes = new Uint8Array([0, 1, 2, 250, 251, 255]);
        const files = [
          new AV.File('from-blob.txt', new Blob(['a Blob from the page'], { type: 'text/plain' })),
          new AV.File('picked.bin', new File([bytes], 'picked.bin', { type: 'application/octet-stream' })),
          new AV.File('encoded.txt', { base64: btoa('base64 data') }),
        ];
        const out: { name: string; body: number[]; size: unknown }[] = [];
        for (const file of files) {
          await file.save();
          const body = new Uint8Array(await (await fetch(file.url())).arrayBuffer());
          const again = AV.File.createWithoutData(file.id ?? '');
          await again.fetch();
          out.push({ name: again.name(), body: [...body], size: again.size() });
        }
        return out;
      },
      { url: serverUrl, appId: stack.appId, appKey: stack.appKey },
    );
    const text = (s: string) => [...Buffer.from(s)];
    expect(saved).toEqual([
      { name: 'from-blob.txt', body: text('a Blob from the page'), size: 20 },
      { name: 'picked.bin', body: [0, 1, 2, 250, 251, 255], size: 6 },
      { name: 'encoded.txt', body: text('base64 data'), size: 11 },
    ]);
    // Through the form uploader ("qcloud") that fileTokens names for this SDK.
    expect(uploads).toEqual(Array(3).fill('POST multipart/form-data'));
  } finally {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  }
});
