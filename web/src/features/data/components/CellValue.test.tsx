import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render';
import { formatCell } from '../utils/format';
import { CellValue, gridLabels } from './CellValue';

const format = { t: i18n.t.bind(i18n), timeZone: 'UTC', labels: gridLabels(i18n.t.bind(i18n)) };

describe('a file cell', () => {
  it('shows an image file’s thumbnail from the console, never from the file’s own host', () => {
    const view = formatCell({
      __type: 'File',
      id: 'f1/x',
      name: 'photo.jpg',
      url: 'https://files.example.com/demo/1.jpg',
      mime_type: 'image/jpeg',
    });
    const { container } = renderWithProviders(<CellValue app="my app" format={format} view={view} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/apps/my%20app/files/f1%2Fx/preview');
    // The link still opens the file where it lives, in a new tab.
    expect(screen.getByRole('link', { name: 'photo.jpg' })).toHaveAttribute(
      'href',
      'https://files.example.com/demo/1.jpg',
    );
  });

  it('shows no thumbnail for a file that is not an image', () => {
    const view = formatCell({
      __type: 'File',
      id: 'f2',
      name: 'notes.txt',
      url: 'https://files.example.com/n.txt',
    });
    const { container } = renderWithProviders(<CellValue app="a" format={format} view={view} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
