import { describe, expect, it } from 'vitest';
import { MAX_MIGRATION_UPLOAD_BYTES } from '@switchboard/shared';
import { validateLiveForm } from './live-form';
import { fileProblem } from './upload-file';

describe('fileProblem', () => {
  it('takes the export formats in any letter case', () => {
    for (const name of ['app.zip', 'Item.JSON', 'Item.jsonl', 'Post.csv']) {
      expect(fileProblem({ name, size: 10 }), name).toBeNull();
    }
  });

  it('refuses other types, files over the limit and empty files before sending', () => {
    expect(fileProblem({ name: 'notes.txt', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'zip', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'big.zip', size: MAX_MIGRATION_UPLOAD_BYTES + 1 })).toBe('tooLarge');
    expect(fileProblem({ name: 'big.zip', size: MAX_MIGRATION_UPLOAD_BYTES })).toBeNull();
    expect(fileProblem({ name: 'a.zip', size: 0 })).toBe('empty');
  });
});

describe('validateLiveForm', () => {
  const good = {
    sourceUrl: ' https://abcd1234.lc-cn-n1-shared.com ',
    sourceAppId: ' abcd1234-gzGzoHsz ',
    sourceMasterKey: 'secret',
    downloadFiles: true,
  };

  it('gives the body the bff expects, trimmed', () => {
    expect(validateLiveForm(good)).toEqual({
      ok: true,
      body: {
        sourceUrl: 'https://abcd1234.lc-cn-n1-shared.com',
        sourceAppId: 'abcd1234-gzGzoHsz',
        sourceMasterKey: 'secret',
        downloadFiles: true,
      },
    });
  });

  it('names every field at fault', () => {
    expect(
      validateLiveForm({
        sourceUrl: 'ftp://x',
        sourceAppId: '  ',
        sourceMasterKey: '',
        downloadFiles: false,
      }),
    ).toEqual({
      ok: false,
      invalid: ['sourceUrl', 'sourceAppId', 'sourceMasterKey'],
    });
    expect(validateLiveForm({ ...good, sourceUrl: 'not a url' })).toEqual({
      ok: false,
      invalid: ['sourceUrl'],
    });
  });
});
