import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import { translator } from './logic';
import { secondFactorStep } from './second-factor';

const en = PAGE_STRINGS.en.auth;
const es = PAGE_STRINGS.es.auth;

// The ids of the second step as apps/api/src/modules/login-page/page.ts renders them (its test checks they are there).
const FIXTURE = `
<form id="lp-second" hidden>
<h2 id="lp-second-title" tabindex="-1"></h2>
<div id="lp-enrol" hidden><img id="lp-enrol-qr" alt=""><code id="lp-enrol-secret"></code></div>
<p id="lp-second-hint" data-i18n="auth:login.secondFactor.hint"></p>
<label for="lp-code"><span id="lp-code-label" data-i18n="auth:login.secondFactor.code"></span></label>
<input id="lp-code" aria-describedby="lp-code-error"><p id="lp-code-error" hidden></p>
<button type="submit" id="lp-second-submit"></button>
<button type="button" id="lp-use-recovery" data-i18n="auth:login.secondFactor.useRecovery"></button>
<button type="button" id="lp-second-back"></button>
</form>
<div id="lp-recovery" hidden><h2 id="lp-recovery-title" tabindex="-1"></h2><pre id="lp-recovery-list"></pre><button type="button" id="lp-recovery-continue"></button></div>`;

const USER = { id: 'u1', name: 'Ada', roll: 'admin' };
const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function start(texts = en) {
  const t = translator({ auth: texts });
  const render = () => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.dataset.i18n!);
  };
  const hooks = {
    language: () => 'en',
    csrf: () => 'csrf-token',
    t: () => t,
    render,
    onStart: vi.fn(),
    onSignedIn: vi.fn(async () => {}),
    onFailure: vi.fn(),
    onBack: vi.fn(),
  };
  return { step: secondFactorStep(hooks), hooks };
}

const submit = () => document.getElementById('lp-second')!.dispatchEvent(new Event('submit', { cancelable: true }));
const type = (value: string) => ((document.getElementById('lp-code') as HTMLInputElement).value = value);

beforeEach(() => {
  document.body.innerHTML = FIXTURE;
});
afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page’s second step', () => {
  it('sends the challenge with the code and signs in; switches to a recovery code and back', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: 1, data: { token: 'tok', user: USER } }));
    vi.stubGlobal('fetch', fetch);
    const { step, hooks } = start(es);
    await step.show({ secondFactor: 'totp', challenge: 'ch-1' });
    expect(document.getElementById('lp-second')!.hidden).toBe(false);
    expect(document.getElementById('lp-enrol')!.hidden).toBe(true);
    expect(document.getElementById('lp-code-label')!.textContent).toBe(es.login.secondFactor.code);

    submit();
    expect(document.getElementById('lp-code-error')!.textContent).toBe(es.login.secondFactor.codeRequired);
    expect(fetch).not.toHaveBeenCalled();

    document.getElementById('lp-use-recovery')!.click();
    expect(document.getElementById('lp-code-label')!.textContent).toBe(es.login.secondFactor.recoveryCode);
    expect(document.getElementById('lp-second-hint')!.textContent).toBe(es.login.secondFactor.recoveryHint);
    expect(document.getElementById('lp-use-recovery')!.textContent).toBe(es.login.secondFactor.useApp);

    type(' abcde-12345 ');
    submit();
    await vi.waitFor(() => expect(hooks.onSignedIn).toHaveBeenCalledWith('tok', USER));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login/second-factor');
    expect(JSON.parse(init.body as string)).toEqual({ challenge: 'ch-1', code: 'abcde-12345' });
  });

  it('shows a refused code through the page’s alert and lets the person try again', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { ok: 0, code: 'auth.second_factor_invalid', message: 'That code is not correct.' }),
    );
    const { step, hooks } = start();
    await step.show({ secondFactor: 'totp', challenge: 'ch-2' });
    type('000000');
    submit();
    await vi.waitFor(() => expect(hooks.onFailure).toHaveBeenCalled());
    expect((hooks.onFailure.mock.calls[0] as unknown as [Error])[0].message).toBe('That code is not correct.');
    expect((document.getElementById('lp-second-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(hooks.onSignedIn).not.toHaveBeenCalled();
  });

  it('takes an admin through setup: QR code and key, first code, recovery codes shown before the dashboard', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/setup')
        ? jsonResponse(200, {
            ok: 1,
            data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
          })
        : jsonResponse(200, { ok: 1, data: { token: 'tok', user: USER, recoveryCodes: ['aaaaa-11111', 'bbbbb-22222'] } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { step, hooks } = start();
    await step.show({ secondFactor: 'enrol', challenge: 'ch-3' });
    expect(document.getElementById('lp-enrol')!.hidden).toBe(false);
    expect(document.getElementById('lp-use-recovery')!.hidden).toBe(true);
    expect(document.getElementById('lp-enrol-qr')!.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(document.getElementById('lp-enrol-secret')!.textContent).toBe('JBSW Y3DP EHPK 3PXP');
    type('123456');
    submit();
    await vi.waitFor(() => expect(document.getElementById('lp-recovery')!.hidden).toBe(false));
    expect(document.getElementById('lp-recovery-list')!.textContent).toBe('aaaaa-11111\nbbbbb-22222');
    expect(fetch.mock.calls[1]![0]).toBe('/api/login/second-factor/enrol');
    expect(hooks.onSignedIn).not.toHaveBeenCalled();
    document.getElementById('lp-recovery-continue')!.click();
    expect(hooks.onSignedIn).toHaveBeenCalledWith('tok', USER);
  });
});
