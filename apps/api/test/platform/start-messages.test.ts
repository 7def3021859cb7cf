import { describe, expect, it } from 'vitest';
import { logsForPeople } from '../../src/lib/logging.js';
import { loggedEmailLinks, networkAddress, openAddress, startBanner } from '../../src/lib/start-banner.js';

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

  const options = {
    publicUrl: 'http://localhost:3000',
    demoCard: 'http://localhost:3000/link/demo',
    emailsInLog: false,
    lanAddress: '192.168.1.20',
    port: 3000,
  };

  it('names the seeded accounts and where their passwords are on the first start only', () => {
    const address = 'http://localhost:3000';
    const admin = { email: 'admin@enlaza.local', password: 'x', generated: true };
    const demo = { email: 'demo@enlaza.local', password: 'y', generated: false };
    expect(startBanner(address, null, options)).toEqual([
      'Enlaza is ready: open http://localhost:3000 (API documentation at http://localhost:3000/api/docs)',
    ]);
    const first = startBanner(address, { admin, demo }, options);
    expect(first[1]).toBe(
      'Sign in as admin@enlaza.local or demo@enlaza.local with the passwords printed above (generated on this first start and shown only this once)',
    );
    expect(startBanner(address, { admin: { ...admin, generated: false }, demo }, options)[1]).toContain(
      'with the passwords set in the environment',
    );
  });

  it('on the first start, shows the demo card and the PUBLIC_URL a phone on the same network can open', () => {
    const seeded = {
      admin: { email: 'admin@enlaza.local', password: 'x', generated: true },
      demo: { email: 'demo@enlaza.local', password: 'y', generated: true },
    };
    const first = startBanner('http://localhost:3000', seeded, options);
    expect(first[2]).toBe('The demo card: http://localhost:3000/link/demo');
    expect(first[3]).toBe('To open cards and their QR codes from a phone on this network, start with PUBLIC_URL=http://192.168.1.20:3000');
    // PUBLIC_URL already names an address others reach, or no network: nothing to suggest.
    const reachable = { ...options, publicUrl: 'http://192.168.1.20:3000', demoCard: 'http://192.168.1.20:3000/link/demo' };
    expect(startBanner('http://localhost:3000', seeded, reachable)).toHaveLength(3);
    expect(startBanner('http://localhost:3000', seeded, { ...options, lanAddress: null })).toHaveLength(3);
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: 'fe80::1', family: 'IPv6', internal: false },
        { address: '192.168.1.20', family: 'IPv4', internal: false },
      ],
    };
    expect(networkAddress(interfaces)).toBe('192.168.1.20');
    expect(networkAddress({ lo: interfaces.lo })).toBeNull();
  });

  it('without SMTP, says the emails are in the log and prints each of their links on a line of its own', () => {
    const lines = startBanner('http://localhost:3000', null, { ...options, emailsInLog: true });
    expect(lines.at(-1)).toBe(
      'No SMTP server (SMTP_HOST): emails are written to this log, each link in them (such as a verification link) on a line of its own',
    );
    expect(startBanner('http://localhost:3000', null, options).join('\n')).not.toContain('SMTP');
    const email = {
      to: 'new@user.example',
      subject: 'Confirm your email',
      text: 'Hello,\n\nConfirm your address: http://localhost:3000/register/verify/abc123.\nOr copy (https://enlaza.test/x?y=1) into your browser.',
    };
    expect(loggedEmailLinks(email)).toEqual([
      'link in the email to new@user.example (Confirm your email): http://localhost:3000/register/verify/abc123',
      'link in the email to new@user.example (Confirm your email): https://enlaza.test/x?y=1',
    ]);
  });
});
