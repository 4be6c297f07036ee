import { randomBytes } from 'node:crypto';
import { isSafeKey } from '../../store/blobs';
import { extensionOf } from './mime';

/** Where stored content is served (routes/file-content.ts); part of every stored file's url. */
export const CONTENT_PATH = '/files';

/**
 * A new key like LeanCloud's: a random name keeping the extension ("<32 hex>.png"), or with
 * keep_file_name the name itself in a random folder ("<32 hex>/photo.png") so downloads keep it.
 * Characters a key cannot hold are replaced rather than refused: the name is the client's choice.
 */
export function newFileKey(name: string, keepFileName: boolean): string {
  const random = randomBytes(16).toString('hex');
  if (keepFileName) {
    const safe = Buffer.from(
      // eslint-disable-next-line no-control-regex
      name.replace(/[/\\:\u0000-\u001f\u007f]/g, '_').replace(/^\./, '_'),
    )
      .subarray(0, 180)
      .toString('utf8')
      .replace(/\uFFFD+$/, '');
    const key = `${random}/${safe}`;
    if (isSafeKey(key)) return key;
  }
  const ext = extensionOf(name);
  return /^[A-Za-z0-9]{1,16}$/.test(ext) ? `${random}.${ext}` : random;
}

/**
 * The url of a file record: an external file's own url, or, for content stored here, the address
 * it is served at. It is computed on every read rather than stored, so it follows the server's
 * public URL when that changes (Doc 1 File record: "generated dynamically").
 */
export function fileUrl(baseUrl: string, data: Record<string, unknown>): string | undefined {
  if (typeof data.url === 'string') return data.url;
  if (typeof data.key !== 'string') return undefined;
  return `${baseUrl}${CONTENT_PATH}/${data.key.split('/').map(encodeURIComponent).join('/')}`;
}
