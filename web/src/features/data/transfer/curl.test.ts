import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from './curl';

describe('curlCommand', () => {
  it('names the class and the query, with placeholders instead of keys', () => {
    const cmd = curlCommand({
      className: 'Product',
      where: '{"price":{"$gt":10}}',
      order: '-createdAt',
      limit: 100,
    });
    expect(cmd).toBe(
      [
        'curl -G "$LC_BASE_URL/1.1/classes/Product"',
        '  -H "X-LC-Id: $LC_APP_ID"',
        '  -H "X-LC-Key: $LC_APP_KEY"',
        `  --data-urlencode 'where={"price":{"$gt":10}}'`,
        "  --data-urlencode 'order=-createdAt'",
        "  --data-urlencode 'limit=100'",
      ].join(' \\\n'),
    );
  });

  it('leaves out what the query does not set, and a zero skip', () => {
    expect(curlCommand({ className: '_User', skip: 0 })).toBe(
      'curl -G "$LC_BASE_URL/1.1/classes/_User" \\\n  -H "X-LC-Id: $LC_APP_ID" \\\n  -H "X-LC-Key: $LC_APP_KEY"',
    );
    expect(curlCommand({ className: 'A', skip: 200 })).toContain("--data-urlencode 'skip=200'");
  });

  it('quotes values so a shell passes them on unchanged', () => {
    const nasty = `{"name":"it's $HOME \`x\` \\"q\\""}`;
    const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(nasty)}`], { encoding: 'utf8' });
    expect(echoed).toBe(nasty);
  });
});
