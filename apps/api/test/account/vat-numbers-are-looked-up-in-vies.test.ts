import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { callAs, useAdminApp } from '../helpers/subscriber.js';
import { insertUser, login } from '../helpers/test-app.js';

/**
 * With VIES_CHECK=on, a VAT number of another member state is looked up in VIES when a customer saves
 * it: one VIES says is not registered is refused on its field (its holder would get the reverse
 * charge without being a business), a register that does not answer lets a well-formed number
 * through. A local server answers as VIES's REST service documents (POST {countryCode, vatNumber} →
 * {valid, userError}).
 */
type Answer = { status: number; body: object };
const registered = new Set(['FR40303265045', 'EL094014201']);
let down: Answer | null = null;
const asked: { countryCode: string; vatNumber: string }[] = [];
const vies = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  request.on('end', () => {
    const body = JSON.parse(text) as { countryCode: string; vatNumber: string };
    asked.push(body);
    const answer: Answer = down ?? {
      status: 200,
      body: registered.has(`${body.countryCode}${body.vatNumber}`)
        ? { ...body, valid: true, userError: 'VALID', name: 'SOCIETE EXEMPLE', address: 'PARIS' }
        : { ...body, valid: false, userError: 'INVALID', name: '---', address: '---' },
    };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
});
await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => vies.close(() => resolve())));

const app = useAdminApp({ VIES_CHECK: 'on', VIES_URL: `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number` });

const save = async (token: string, country: string, taxId: string) =>
  callAs(app.t, token, 'PUT', '/api/account/billing', {
    taxId,
    billingAddress: { line1: 'Rue 1', line2: null, city: 'Ville', postalCode: '1000', region: null, country },
  });

describe('VAT numbers looked up in VIES', () => {
  it('saves a registered number, refuses one VIES does not know, and asks VIES nothing for a buyer in the seller’s country', async () => {
    const user = await insertUser(app.t.db, { locale: 'en', country: 'FR' });
    const token = await login(app.t.app, user);
    asked.length = 0;

    const refused = await save(token, 'FR', 'FR83404833048');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.taxId[0]).toMatch(/not registered in VIES/);
    expect(asked).toEqual([{ countryCode: 'FR', vatNumber: '83404833048' }]);

    const saved = await save(token, 'FR', 'FR 40 303 265 045');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ taxId: 'FR 40 303 265 045', taxIdRegistration: 'registered', missing: [] });

    // Greece is EL in VIES.
    expect((await save(token, 'GR', 'EL094014201')).status).toBe(200);
    expect(asked.at(-1)).toEqual({ countryCode: 'EL', vatNumber: '094014201' });

    // A Spanish buyer pays Spanish VAT whatever VIES says: not asked.
    const before = asked.length;
    const spanish = await save(token, 'ES', 'B12345674');
    expect(spanish.status).toBe(200);
    expect(asked).toHaveLength(before);
    // Not looked up: no state of VIES's on it.
    expect(spanish.body.data.taxIdRegistration).toBeNull();
  });

  it('lets a well-formed number through when the member state’s register does not answer', async () => {
    const user = await insertUser(app.t.db, { locale: 'es', country: 'FR' });
    const token = await login(app.t.app, user);
    down = { status: 200, body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] } };
    try {
      const kept = await save(token, 'FR', 'FR83404833048');
      expect(kept.status).toBe(200);
      // The customer is told the number is kept unconfirmed, in Personal information too.
      expect(kept.body.data.taxIdRegistration).toBe('unavailable');
      const personal = await callAs(app.t, token, 'GET', '/api/account/personal');
      expect(personal.body.data).toMatchObject({ taxId: 'FR83404833048', taxIdRegistration: 'unavailable' });
      down = { status: 503, body: {} };
      expect((await save(token, 'DE', 'DE136695976')).body.data.taxIdRegistration).toBe('unavailable');
      // Saved again unchanged while VIES is still down: asked again, still unconfirmed.
      const asks = asked.length;
      expect((await save(token, 'DE', 'DE136695976')).body.data.taxIdRegistration).toBe('unavailable');
      expect(asked.length).toBe(asks + 1);
    } finally {
      down = null;
    }
    // VIES answers again: the same unconfirmed number saved again is looked up and refused (not registered).
    expect((await save(token, 'DE', 'DE136695976')).status).toBe(422);
    // Back up, VIES refuses another unknown number, in the language the page asks in.
    const refused = await app.t.app.inject({
      method: 'PUT',
      url: '/api/account/billing',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
      payload: {
        taxId: 'FR96552100554',
        billingAddress: { line1: 'Rue 1', line2: null, city: 'Ville', postalCode: '1000', region: null, country: 'FR' },
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.taxId[0]).toMatch(/no está registrado en VIES/);
  });
});

describe('VIES_CHECK', () => {
  it('is on by default in production, off by default elsewhere, and either when set', () => {
    const production = { NODE_ENV: 'production', DEMO_SELLER: 'true' };
    expect(loadConfig(production).vies).toEqual({ url: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number' });
    expect(loadConfig({ ...production, VIES_CHECK: 'off' }).vies).toBeNull();
    // Left empty (as .env.example has it): the default.
    expect(loadConfig({ ...production, VIES_CHECK: '' }).vies).not.toBeNull();
    expect(() => loadConfig({ ...production, VIES_CHECK: 'yes' })).toThrow(/VIES_CHECK/);
    expect(loadConfig({ NODE_ENV: 'test' }).vies).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development', VIES_CHECK: 'on' }).vies).not.toBeNull();
  });
});
