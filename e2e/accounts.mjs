// The seeded accounts and port of the e2e server, shared by start-server.mjs and the specs.
// E2E_PORT lets several checkouts run the suite side by side on one machine (the mailbox takes the next port).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Emails the API sent during the run: GET `${E2E_MAILBOX_URL}/messages?to=<email>`. */
export const E2E_MAILBOX_PORT = E2E_PORT + 1;
export const E2E_MAILBOX_URL = `http://127.0.0.1:${E2E_MAILBOX_PORT}`;

export const E2E_ACCOUNTS = {
  admin: { email: 'admin@e2e.enlaza.test', password: 'Admin-e2e-Passw0rd!', name: 'Admin' },
  user: { email: 'demo@e2e.enlaza.test', password: 'Demo-e2e-Passw0rd!', name: 'Demo User' },
};
