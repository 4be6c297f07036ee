// The real `leancloud-storage` SDK saving, reading and deleting files: AV.File#save runs its upload
// flow against this server (fileTokens, a multipart form POST to upload_url with its "qcloud"
// uploader, fileCallback), and the url the SDK reports downloads the same bytes.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fresh, useSdkServer } from './helpers';
import { AV, matching, rejection } from './setup';

const { sdk, sent } = useSdkServer();

const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

/**
 * The SDK's fileCallback for an upload token, once answered: the SDK sends it (with a lower-case
 * "post") without waiting for the answer.
 */
const callbackOf = (token: string) =>
  sdk().answered(
    (r) => r.path === '/1.1/fileCallback' && (r.body as { token?: unknown } | undefined)?.token === token,
  );

afterEach(async () => {
  if (AV.User.current()) await AV.User.logOut();
});

describe('AV.File', () => {
  it('uploads a Buffer with save() and its url() downloads the same bytes', async () => {
    const mark = sdk().requests.length;
    const file = new AV.File('hello.txt', Buffer.from('hello'));
    await file.save();
    const token = String((sdk().since(mark)[0]?.response as { token: string }).token);
    const callback = await callbackOf(token);
    const reqs = sdk().since(mark);
    expect(reqs.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual([
      'POST /1.1/fileTokens',
      `POST /files-upload/${token}?sign=${token}`,
      'POST /1.1/fileCallback',
    ]);
    expect(reqs[0]?.response).toMatchObject({
      provider: 'qcloud',
      upload_url: `${sdk().t.url}/files-upload/${token}`,
    });
    expect(reqs[1]).toMatchObject({
      status: 200,
      body: { op: 'upload', fileContent: { name: 'hello.txt' } },
    });
    expect([callback.body, callback.status]).toEqual([{ token, result: true }, 200]);
    expect(file.id).toMatch(/^[0-9a-f]{24}$/);
    expect(file.url()).toMatch(new RegExp(`^${sdk().t.url}/files/[0-9a-f]{32}\\.txt$`));
    expect(await download(file.url())).toEqual(Buffer.from('hello'));

    const again = AV.File.createWithoutData(file.id!);
    await again.fetch();
    expect(again.url()).toBe(file.url());
    expect(again.name()).toBe('hello.txt');
    expect(again.size()).toBe(5);
    expect(again.get('mime_type')).toBe('text/plain');
  });

  it('is attached to an object, and get("file").url() of the fetched object downloads it', async () => {
    const file = await new AV.File('attached.bin', Buffer.from([0, 1, 2, 255])).save();
    const holder = await new AV.Object('SdkFileHolder').save({ file, title: 'with file' });
    const copy = await fresh('SdkFileHolder', holder.id);
    const got = copy.get('file') as AV.File;
    expect(got).toBeInstanceOf(AV.File);
    expect(got.id).toBe(file.id);
    expect(got.name()).toBe('attached.bin');
    expect(await download(got.url())).toEqual(Buffer.from([0, 1, 2, 255]));

    const [found] = await new AV.Query('SdkFileHolder').equalTo('title', 'with file').find();
    expect((found!.get('file') as AV.File).url()).toBe(got.url());
  });

  it('saves an external file made with AV.File.withURL', async () => {
    const url = 'https://cdn.example.com/images/logo.png';
    const file = await AV.File.withURL('logo.png', url).save();
    expect(file.id).toMatch(/^[0-9a-f]{24}$/);
    const again = AV.File.createWithoutData(file.id!);
    await again.fetch();
    expect(again.url()).toBe(url);
    expect(again.get('mime_type')).toBe('image/png');
    const [byUrl] = await new AV.Query('_File').equalTo('url', url).find();
    expect(byUrl?.id).toBe(file.id);
  });

  it('destroy() works for the user who saved the file; others need the master key', async () => {
    const user = new AV.User();
    user.setUsername('file_sdk_owner');
    user.setPassword('secret-pw');
    await user.signUp();
    const owned = await new AV.File('owned.txt', Buffer.from('mine')).save();
    expect(owned.ownerId()).toBe(user.id);
    await owned.destroy();
    expect((await fetch(owned.url())).status).toBe(404);
    await AV.User.logOut();

    const anonymous = await new AV.File('anon.txt', Buffer.from('anyone')).save();
    const err = await rejection(anonymous.destroy());
    expect(err.code).toBe(403);
    await anonymous.destroy({ useMasterKey: true });
    expect((await fetch(anonymous.url())).status).toBe(404);
    const after = await new AV.Query('_File').equalTo('objectId', anonymous.id).find();
    expect(after).toEqual([]);
  });

  it('censor() resolves with the recorded moderation state', async () => {
    const file = await new AV.File('check.txt', Buffer.from('?')).save();
    expect(await AV.File.censor(file.id!)).toBe('pending');
  });

  it('a file over 20 MB is refused (413); the SDK reports false, which deletes the record', async () => {
    const file = new AV.File('broken.bin', Buffer.alloc(20 * 1024 * 1024 + 1));
    const reqs = await sent(() => rejection(file.save()));
    const { token, objectId } = matching(reqs, 'POST', '/1.1/fileTokens')[0]?.response as Record<
      string,
      string
    >;
    expect(matching(reqs, 'POST', '/files-upload/').map((r) => [r.status, r.response])).toEqual([
      [413, { code: 116, error: 'The file is larger than the 20 MB limit.' }],
    ]);
    const callback = await callbackOf(token ?? '');
    expect([callback.body, callback.status]).toEqual([{ token, result: false }, 200]);
    // The callback was answered: the record is gone.
    const left = await new AV.Query('_File').equalTo('objectId', objectId).find();
    expect(left).toEqual([]);
  });
});

describe('AV.File from a Node stream (no size given up front)', () => {
  it('uploads a stream of chunks of unknown length; its url downloads the same bytes', async () => {
    const chunks = [randomBytes(700_000), randomBytes(1), randomBytes(1_300_000)];
    const file = new AV.File('streamed.bin', Readable.from(chunks));
    await file.save();
    const bytes = Buffer.concat(chunks);
    // Buffer#equals: a deep comparison of 2 MB element by element takes many seconds.
    expect((await download(file.url())).equals(bytes)).toBe(true);
    const again = AV.File.createWithoutData(file.id!);
    await again.fetch();
    expect(again.size()).toBe(bytes.length);
  });

  it('uploads a file read stream, and an empty stream as an empty file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sdk-stream-'));
    try {
      const path = join(dir, 'photo.png');
      const bytes = randomBytes(64 * 1024);
      await writeFile(path, bytes);
      const file = await new AV.File('photo.png', createReadStream(path)).save();
      expect(await download(file.url())).toEqual(bytes);
      expect(file.get('mime_type')).toBe('image/png');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const empty = await new AV.File('empty.txt', Readable.from([])).save();
    expect(await download(empty.url())).toEqual(Buffer.alloc(0));
  });
});
