import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import type { StubRequest } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { SecuritySection } from './SecuritySection';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Switchboard:ann%40example.com?issuer=Switchboard&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;

function server(
  initial: { totpEnabled: boolean; totpPending: boolean },
  confirm?: (req: StubRequest) => Response,
) {
  let status = initial;
  return stubFetch({
    'GET /api/session/totp': () => json(200, status),
    'POST /api/session/totp': () => {
      status = { ...status, totpPending: true };
      return json(200, { secret: SECRET, uri: URI });
    },
    'POST /api/session/totp/confirm': (req) => {
      if (confirm) return confirm(req);
      status = { totpEnabled: true, totpPending: false };
      return json(200, status);
    },
    'DELETE /api/session/totp': () => {
      status = { totpEnabled: false, totpPending: false };
      return json(200, status);
    },
  });
}

describe('SecuritySection', () => {
  it('sets up two-step sign-in: QR code and key, then a checked code turns it on', async () => {
    const { calls } = server({ totpEnabled: false, totpPending: false });
    const { user } = renderWithProviders(<SecuritySection />);
    const section = await screen.findByRole('region', { name: 'Security' });
    expect(await within(section).findByText(/Two-step sign-in is off/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByLabelText('Key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('Code from the app'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(screen.getByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/session/totp/confirm')).toBe(false);

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/session/totp/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(screen.queryByLabelText('Key')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a wrong code and keeps the key on screen', async () => {
    server({ totpEnabled: false, totpPending: false }, () =>
      consoleError(400, 'invalid_code', 'The code is wrong or was already used.'),
    );
    const { user } = renderWithProviders(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change two-step sign-in');
    expect(alert).toHaveTextContent('The code is wrong or was already used.');
    expect(screen.getByLabelText('Key')).toBeInTheDocument();
  });

  it('offers to start again when a setup was left unfinished', async () => {
    server({ totpEnabled: false, totpPending: true });
    const { user } = renderWithProviders(<SecuritySection />);
    expect(await screen.findByText(/was started but not finished/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByLabelText('Key')).toBeInTheDocument();
  });

  it('turns two-step sign-in off with a current code', async () => {
    const { calls } = server({ totpEnabled: true, totpPending: false });
    const { user } = renderWithProviders(<SecuritySection />);
    expect(await screen.findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText(/Two-step sign-in is off/)).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.body).toEqual({ code: '654321' });
  });
});
