import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { ConsoleApiError } from '../lib/api';
import { loadLanguage } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { ErrorAlert } from './ErrorAlert';

describe('ErrorAlert', () => {
  it('says a validation issue once, from its code, with the request id folded away for support', () => {
    const error = new ConsoleApiError({
      code: 'validation_failed',
      message: 'use at least 12 characters',
      status: 400,
      requestId: 'req-7',
      details: [
        { path: 'password', message: 'use at least 12 characters', code: 'too_short', params: { min: 12 } },
      ],
    });
    renderWithProviders(<ErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Some input is not valid');
    expect(within(alert).getAllByText(/12 characters/)).toHaveLength(1);
    expect(within(alert).getByText('The password needs at least 12 characters.')).toBeVisible();
    // The id is in the support details, not in what the reader is told.
    const support = within(alert).getByText('Details for support').closest('details');
    expect(support).not.toBeNull();
    expect(support).toHaveTextContent('Request ID: req-7');
    expect(alert.textContent?.replace(support?.textContent ?? '', '')).not.toContain('req-7');
  });

  it('speaks the console’s language: a Chinese reader gets the issue in Chinese', async () => {
    await loadLanguage('zh-CN');
    await i18next.changeLanguage('zh-CN');
    const error = new ConsoleApiError({
      code: 'validation_failed',
      message: 'use at least 12 characters',
      status: 400,
      requestId: 'req-8',
      details: [
        { path: 'password', message: 'use at least 12 characters', code: 'too_short', params: { min: 12 } },
        { path: 'password', message: 'use at least 12 characters', code: 'too_short', params: { min: 12 } },
      ],
    });
    renderWithProviders(<ErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('部分输入无效')).toBeInTheDocument();
    expect(within(alert).getAllByText('密码至少需要 12 个字符。')).toHaveLength(1);
    expect(alert).not.toHaveTextContent(/use at least/);
    expect(within(alert).getByText('技术支持信息')).toBeInTheDocument();
  });

  it('copies the request id for support', async () => {
    const error = new ConsoleApiError({
      code: 'conflict',
      message: 'taken already',
      status: 409,
      requestId: 'req-9',
    });
    const { user } = renderWithProviders(<ErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    // A server message without a code is shown as written, as a sentence.
    expect(within(alert).getByText('Taken already')).toBeInTheDocument();
    await user.click(within(alert).getByText('Details for support'));
    await user.click(within(alert).getByRole('button', { name: 'Copy request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req-9');
    expect(within(alert).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('keeps an issue the console has no words for, naming its field', () => {
    const error = new ConsoleApiError({
      code: 'validation_failed',
      message: 'The object is not valid.',
      status: 400,
      details: [{ path: ['price'], message: 'must be a number' }, { message: 'whole' }, 'x'],
    });
    renderWithProviders(<ErrorAlert error={error} />);
    const items = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['price: must be a number', 'Whole']);
  });

  it('explains a client-side failure and keeps the technical message', () => {
    const error = new ConsoleApiError({ code: 'network_error', message: 'Failed to fetch', status: 0 });
    renderWithProviders(<ErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The console cannot be reached');
    expect(alert).toHaveTextContent('Check your network connection');
    expect(alert).toHaveTextContent('Failed to fetch');
  });

  it('shows any thrown value, and offers a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<ErrorAlert error={new Error('render broke')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('fits in small places as an icon named by the error', () => {
    const error = new ConsoleApiError({ code: 'forbidden', message: 'No data.read.', status: 403 });
    renderWithProviders(<ErrorAlert error={error} variant="inline" />);
    expect(
      screen.getByRole('img', { name: 'You do not have permission for this: No data.read.' }),
    ).toBeInTheDocument();
  });
});
