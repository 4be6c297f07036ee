import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../harness';
import type { TestServer } from '../harness';
import { EVIL_HOST, forwardedRequest, linkTargets } from './forwarded';
import type { RawReply } from './send';
import { closeConnection, sendTo, sentCount } from './send';
import { printReport } from './survey';
import { expectAlive, fuzz } from './runner';

// Fuzz of Host, X-Forwarded-* and Forwarded headers on the requests that hand out links (mails,
// file url / upload_url, export download_url, Location), on a server behind one trusted proxy
// (TRUST_PROXY=1), where forwarded headers are read at all. Every reply meets runner.ts's rules,
// and no link is built from the headers: all start with the server's own address.

let t: TestServer;
const startedAt = Date.now();

beforeAll(async () => {
  t = await startTestServer({ trustProxy: 1 });
  sendTo(t.url);
  linkTargets.email = 'fuzz-links@example.com';
  const user = await t.request('POST', '/1.1/users', {
    body: { username: 'fuzz-links', password: 'secret-pw', email: linkTargets.email },
  });
  expect(user.status, user.text).toBe(201);
  const file = await t.request('POST', '/1.1/fileTokens', { body: { name: 'seed.txt' } });
  linkTargets.fileId = String(file.json.objectId);
  const task = await t.request('POST', '/1.1/exportData', {
    auth: 'master',
    body: { 'only-schema': 'true' },
  });
  linkTargets.exportId = String(task.json.id);
}, 120_000);

afterAll(async () => {
  closeConnection();
  printReport(sentCount(), startedAt);
  await t?.close();
});

/** The links in a reply (body and Location) that do not start with the server's address. */
function foreignLinks(text: string, location: string | undefined): string[] {
  const urls = [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]+/gi)].map((m) => m[0]);
  if (location) urls.push(location);
  return urls.filter((u) => !u.startsWith(`${t.url}/`));
}

function linkProblem(reply: RawReply): string | undefined {
  const location = reply.headers.location;
  const foreign = foreignLinks(reply.text, typeof location === 'string' ? location : undefined);
  if (foreign.length) return `links not on ${t.url}: ${foreign.join(' ')}`;
  if (reply.text.includes(EVIL_HOST)) return `the reply repeats ${EVIL_HOST}`;
  return undefined;
}

describe('fuzz: Host and X-Forwarded-* never reach a link, nor cause a 500', () => {
  it('requests that hand out links, under any origin headers', async () => {
    await fuzz(forwardedRequest, 400, linkProblem);
  }, 180_000);

  it('mailed links too: every link in the outbox is on the server address', async () => {
    const r = await t.request('GET', '/1.1/switchboard/outbox', {
      auth: 'master',
      query: { recipient: linkTargets.email, channel: 'mail', limit: '1000' },
    });
    const links = (r.json.results as { link?: string }[]).map((m) => m.link ?? '');
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !l.startsWith(`${t.url}/auth/`))).toEqual([]);
  });

  it('the server still answers /1.1/date after all of it', async () => {
    await expectAlive();
  });
});
