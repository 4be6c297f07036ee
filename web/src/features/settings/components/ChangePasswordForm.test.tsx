import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

const PATH = '/api/session/password';

describe('ChangePasswordForm', () => {
  it('checks the new password twice, sends it with the current one, and says who was signed out', async () => {
    const { calls } = stubFetch({ [`PUT ${PATH}`]: () => json(200, { endedSessions: 2 }) });
    const { user } = renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'old password 123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passwort');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password was changed. 2 other sessions (other browsers or devices) were signed out.',
    );
    expect(calls[0]?.body).toEqual({
      currentPassword: 'old password 123',
      newPassword: 'a brand new password',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s refusal of a wrong current password', async () => {
    stubFetch({
      [`PUT ${PATH}`]: () => consoleError(400, 'validation_failed', 'Your current password is not right.'),
    });
    const { user } = renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'a wrong guess');
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not right.')).toBeInTheDocument();
  });
});
