import { describe, expect, it } from 'vitest';
import { logsForPeople } from '../../src/lib/logging.js';
import { openAddress, startBanner } from '../../src/lib/start-banner.js';

describe('what a person sees when the server starts', () => {
  it('writes readable lines at a terminal and JSON lines to a pipe, unless told', () => {
    expect(logsForPeople('auto', { isTTY: true })).toBe(true);
    expect(logsForPeople('auto', { isTTY: false })).toBe(false);
    expect(logsForPeople('auto', {})).toBe(false);
    expect(logsForPeople('json', { isTTY: true })).toBe(false);
    expect(logsForPeople('pretty', { isTTY: false })).toBe(true);
  });

  it('says where to open the app: localhost for every interface, the host otherwise', () => {
    expect(openAddress('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(openAddress('::', 8080)).toBe('http://localhost:8080');
    expect(openAddress('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(openAddress('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('names the seeded accounts and where their passwords are on the first start only', () => {
    const address = 'http://localhost:3000';
    const admin = { email: 'admin@enlaza.local', password: 'x', generated: true };
    const demo = { email: 'demo@enlaza.local', password: 'y', generated: false };
    expect(startBanner(address, null)).toEqual([
      'Enlaza is ready: open http://localhost:3000 (API documentation at http://localhost:3000/api/docs)',
    ]);
    const first = startBanner(address, { admin, demo });
    expect(first[1]).toBe(
      'Sign in as admin@enlaza.local or demo@enlaza.local with the passwords printed above (generated on this first start and shown only this once)',
    );
    expect(startBanner(address, { admin: { ...admin, generated: false }, demo })[1]).toContain('with the passwords set in the environment');
  });
});
