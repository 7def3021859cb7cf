import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, insertUser, login, type TestContext } from './helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('personal information', () => {
  it('reads and updates name, phone and country of the signed-in user only', async () => {
    const token = await login(t.app, DEMO);
    const other = await insertUser(t.db, { name: 'Other Person' });
    const put = await t.app.inject({ method: 'PUT', url: '/api/account/personal', headers: bearer(token), payload: { name: 'Demo Renamed', phone: '+34612345678', country: 'ES' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ok: 1, data: { name: 'Demo Renamed', email: DEMO.email, phone: '+34612345678', country: 'ES' } });
    const again = await t.app.inject({ url: '/api/account/personal', headers: bearer(token) });
    expect(again.json().data.phone).toBe('+34612345678');
    const otherToken = await login(t.app, other);
    expect((await t.app.inject({ url: '/api/account/personal', headers: bearer(otherToken) })).json().data).toMatchObject({ name: 'Other Person', phone: null });
  });

  it('refuses bad values with translated field errors and changes nothing', async () => {
    const token = await login(t.app, DEMO);
    const before = (await t.app.inject({ url: '/api/account/personal', headers: bearer(token) })).json();
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/personal', headers: { ...bearer(token), 'accept-language': 'es' }, payload: { name: 'X', phone: '612', country: 'Spain' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Usa al menos 2 caracteres.'],
      phone: ['Introduce un número de teléfono válido.'],
      country: ['Este valor no tiene el formato correcto.'],
    });
    expect((await t.app.inject({ url: '/api/account/personal', headers: bearer(token) })).json()).toEqual(before);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/personal', payload: { name: 'abc', phone: null, country: null } })).statusCode).toBe(401);
  });
});
