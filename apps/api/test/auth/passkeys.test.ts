import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS_PER_USER, passkeyCeremonySchema, passkeySchema } from '@enlaza/contracts';
import { softwareAuthenticator } from '../helpers/software-authenticator.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const ORIGIN = 'https://cards.enlaza.example';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PASSKEY_ORIGIN: ORIGIN });
});
afterAll(() => t.close());

type Authenticator = ReturnType<typeof softwareAuthenticator>;
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

async function register(token: string, device: Authenticator, name = 'Laptop') {
  const started = await post('/api/passkeys/options', {}, token);
  expect(started.statusCode).toBe(200);
  const { challengeId, options } = passkeyCeremonySchema.parse(started.json().data);
  return post('/api/passkeys', { challengeId, name, credential: device.create(options as never) }, token);
}

async function signInWith(device: Authenticator, credentialId?: string, counterStep?: number) {
  const started = await post('/api/passkeys/sign-in/options', {});
  expect(started.statusCode).toBe(200);
  const { challengeId, options } = passkeyCeremonySchema.parse(started.json().data);
  return {
    challengeId,
    response: await post('/api/passkeys/sign-in', { challengeId, credential: device.get(options as never, credentialId, counterStep) }),
  };
}

describe('passkeys', () => {
  it('registers a passkey and signs in with it: the same session as the password, its use shown', async () => {
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const device = softwareAuthenticator(ORIGIN);

    const started = await post('/api/passkeys/options', {}, token);
    const options = started.json().data.options;
    // A discoverable passkey with the device's own check (PIN, fingerprint), for this site only.
    expect(options).toMatchObject({ rp: { id: 'cards.enlaza.example', name: 'Enlaza' }, user: { name: owner.email } });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const added = await register(token, device, 'MacBook');
    expect(added.statusCode).toBe(200);
    expect(passkeySchema.parse(added.json().data)).toMatchObject({ name: 'MacBook', lastUsedAt: null, backedUp: true });

    const { response } = await signInWith(device);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json().data;
    expect(session.user).toMatchObject({ id: owner.id, email: owner.email });
    const me = await t.app.inject({ url: '/api/user', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);

    const list = await t.app.inject({ url: '/api/passkeys', headers: bearer(token) });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].lastUsedAt).not.toBeNull();
  });

  it('refuses an answer for another site, a reused or unknown ceremony, a cloned passkey and a removed one', async () => {
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const device = softwareAuthenticator(ORIGIN);
    expect((await register(token, device)).statusCode).toBe(200);

    // A phishing page's origin in the signed client data.
    const phished = await register(token, softwareAuthenticator('https://cards-enlaza.example'));
    expect(phished.statusCode).toBe(401);
    expect(phished.json().code).toBe('auth.passkey_failed');

    // A ceremony is used once.
    const { challengeId } = await signInWith(device);
    const again = await post('/api/passkeys/sign-in', {
      challengeId,
      credential: device.get({ challenge: 'AAAA', rpId: 'cards.enlaza.example' }),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.passkey_expired');

    // A signature counter that goes back: a copy of the key is being used.
    const cloned = await signInWith(device, undefined, -1);
    expect(cloned.response.statusCode).toBe(401);

    const [passkey] = (await t.app.inject({ url: '/api/passkeys', headers: bearer(token) })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, headers: bearer(token) })).statusCode).toBe(200);
    const removed = await signInWith(device, undefined, 5);
    expect(removed.response.statusCode).toBe(401);
    expect(removed.response.json().code).toBe('auth.passkey_failed');
  });

  it('refuses a passkey made without the device’s own check, and a suspended account', async () => {
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const started = await post('/api/passkeys/options', {}, token);
    const { challengeId, options } = started.json().data;
    const unverified = await post(
      '/api/passkeys',
      { challengeId, name: 'Key', credential: softwareAuthenticator(ORIGIN).create(options, false) },
      token,
    );
    expect(unverified.statusCode).toBe(401);

    const suspended = await insertUser(t.db);
    const device = softwareAuthenticator(ORIGIN);
    expect((await register(await login(t.app, suspended), device)).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/user' });
    const { setUserStatus } = await import('../helpers/test-app.js');
    await setUserStatus(t.db, suspended.id, 'suspended');
    const refused = await signInWith(device);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().code).toBe('auth.suspended');
  });

  it('keeps each owner to their own passkeys, names them, and limits how many', async () => {
    const owner = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const token = await login(t.app, owner);
    const strangerToken = await login(t.app, stranger);
    const added = await register(token, softwareAuthenticator(ORIGIN));
    const id = added.json().data.id;

    const rename = (who: string, name: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/passkeys/${id}`, payload: { name }, headers: bearer(who) });
    expect((await rename(strangerToken, 'Mine now')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${id}`, headers: bearer(strangerToken) })).statusCode).toBe(404);
    const blank = await rename(token, '   ');
    expect(blank.statusCode).toBe(422);
    expect((await rename(token, 'Phone')).json().data.name).toBe('Phone');

    for (let n = 1; n < PASSKEYS_PER_USER; n++) expect((await register(token, softwareAuthenticator(ORIGIN))).statusCode).toBe(200);
    const over = await post('/api/passkeys/options', {}, token);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('auth.passkey_limit');

    // Not signed in: nothing to list or add.
    expect((await t.app.inject({ url: '/api/passkeys' })).statusCode).toBe(401);
  });
});
