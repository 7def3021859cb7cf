import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { TwoFactorCard } from './two-factor-card';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/Enlaza:demo%40test.example?issuer=Enlaza&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);

async function setup(answer: (url: string, init?: RequestInit) => Response) {
  const mocked = mockApi(answer);
  await render(<TwoFactorCard />);
  return mocked;
}

describe('two-factor sign-in in Opciones', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns on: QR code and key, a confirmed code, then the recovery codes shown once', async () => {
    let enabled = false;
    const { calls } = await setup((url, init) => {
      if (url.endsWith('/api/two-factor/setup')) return json({ ok: 1, data: SETUP });
      if (url.endsWith('/api/two-factor/confirm')) {
        const { code } = JSON.parse(init?.body as string) as { code: string };
        if (code !== '123456') return json({ ok: 0, code: 'two_factor.code_invalid', message: 'That code is not correct.' }, 422);
        enabled = true;
        return json({ ok: 1, data: { recoveryCodes: CODES } });
      }
      return json({ ok: 1, data: { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false } });
    });
    fireEvent.click(await screen.findByTestId('two-factor-enable'));
    expect((await screen.findByTestId('two-factor-qr')).getAttribute('src')).toBe(SETUP.qrCode);
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('two-factor-code-submit'));
    expect(await screen.findByText('That code is not correct.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('two-factor-code-submit'));
    expect((await screen.findByTestId('two-factor-recovery')).textContent).toBe(CODES.join('\n'));
    const confirms = calls.filter((c) => c.url.endsWith('/confirm'));
    expect(JSON.parse(confirms.at(-1)?.init?.body as string)).toEqual({ code: '123456' });

    fireEvent.click(screen.getByTestId('two-factor-recovery-done'));
    expect(await screen.findByTestId('two-factor-on')).toBeTruthy();
    expect(screen.queryByTestId('two-factor-recovery')).toBeNull();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
  });

  it('turns off with the password', async () => {
    let enabled = true;
    const { calls } = await setup((url) => {
      if (url.endsWith('/api/two-factor/disable')) {
        enabled = false;
        return json({ ok: 1, data: {} });
      }
      return json({ ok: 1, data: { enabled, recoveryCodesLeft: 1, required: false } });
    });
    expect(await screen.findByText('1 recovery code left')).toBeTruthy();
    fireEvent.click(screen.getByTestId('two-factor-disable'));
    fireEvent.change(await screen.findByTestId('two-factor-password'), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByTestId('two-factor-disable-submit'));
    expect(await screen.findByTestId('two-factor-enable')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.url.endsWith('/disable'))?.init?.body as string)).toEqual({ password: 'my-password' });
  });

  it('does not offer turning off to an admin who must have it', async () => {
    await setup(() => json({ ok: 1, data: { enabled: true, recoveryCodesLeft: 10, required: true } }));
    expect(await screen.findByTestId('two-factor-regenerate')).toBeTruthy();
    expect(screen.queryByTestId('two-factor-disable')).toBeNull();
  });
});
