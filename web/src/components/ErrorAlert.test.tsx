import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ConsoleApiError } from '../lib/api';
import { renderWithProviders } from '../test/render';
import { ErrorAlert } from './ErrorAlert';
import { detailLines } from './error-details';

describe('ErrorAlert', () => {
  it('titles a server error by its code and shows its message, details and request id', () => {
    const error = new ConsoleApiError({
      code: 'validation_failed',
      message: 'The object is not valid.',
      status: 400,
      requestId: 'req-7',
      details: [{ path: ['price'], message: 'must be a number' }],
    });
    renderWithProviders(<ErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Some input is not valid');
    expect(alert).toHaveTextContent('The object is not valid.');
    expect(alert).toHaveTextContent('price: must be a number');
    expect(alert).toHaveTextContent('Request ID: req-7');
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

describe('detailLines', () => {
  it('lists validation issues and ignores other shapes', () => {
    expect(detailLines([{ path: ['a', 0], message: 'bad' }, { message: 'whole' }, 'x'])).toEqual([
      'a.0: bad',
      'whole',
    ]);
    expect(detailLines({ message: 'not a list' })).toEqual([]);
    expect(detailLines(undefined)).toEqual([]);
  });
});
