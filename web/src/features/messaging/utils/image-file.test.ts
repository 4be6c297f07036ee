import { MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { imageFileProblem, imageFormat } from './image-file';

describe('imageFileProblem and imageFormat', () => {
  it('take the image types the server stores, up to the console’s upload limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(imageFileProblem({ type: 'IMAGE/JPEG', size: MAX_FILE_UPLOAD_BYTES })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/png', size: MAX_FILE_UPLOAD_BYTES + 1 })).toBe('tooBig');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('notImage');
    expect(imageFileProblem({ type: 'text/html', size: 10 })).toBe('notImage');
    expect(imageFileProblem({ type: '', size: 10 })).toBe('notImage');
    expect(imageFormat('image/png')).toBe('png');
    expect(imageFormat('image/JPEG')).toBe('jpeg');
  });
});
