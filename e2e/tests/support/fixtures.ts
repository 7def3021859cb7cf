import { test as base, expect, type APIRequestContext, type APIResponse, type Browser, type BrowserContextOptions } from '@playwright/test';
import { E2E_BASE_URL, E2E_MAILBOX_URL } from '../../accounts.mjs';
import { ADMIN, DEMO_USER, type Account } from './accounts';
import { waitForLink } from './mailbox';
import { bearer } from './session';

export { expect };

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A signed-in API session and the browser state the sign-in page would have left for it. */
export interface Session {
  token: string;
  /** Bearer headers for direct API calls as this account. */
  headers: Record<string, string>;
  /** The session keys in localStorage (access_token, user, roll, datasuscription): a context made with it starts signed in. */
  state: StorageState;
}

/** A user made through the API for one test: verified, signed in, on its plan, touched by nothing else. */
export interface TestUser extends Account, Session {
  id: string;
  alias: string;
  /** The main card every account starts with. */
  profileId: string;
}

export type Plan = 'free' | 'pro';
export type UserOptions = { plan?: Plan; name?: string; locale?: 'en' | 'es' | 'jp'; accountType?: 'personal' | 'business' };

export interface Users {
  /**
   * A new verified user; `pro` (the default) leaves room for the cards, tags and files a spec makes.
   * `locale`: the language the account registers with (English unless said).
   */
  create(options?: UserOptions): Promise<TestUser>;
}

/** A signed-out browser state, for visitors' contexts in a test whose own page is signed in. */
export const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

const PASSWORD = 'Fixture-user-Passw0rd!';

/**
 * The `data` of an API answer, after checking its status. It throws rather than `expect`s: the
 * fixtures also call it between tests, outside any test.
 */
export async function dataOf<T>(response: APIResponse, status = 200): Promise<T> {
  if (response.status() !== status)
    throw new Error(`${response.url()} answered ${response.status()}, not ${status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Uploads a file to the cloud as the user of `headers`; answers the stored file (its id). */
export async function uploadFile(
  request: APIRequestContext,
  headers: Record<string, string>,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ id: string }> {
  const [stored] = await dataOf<{ id: string }[]>(await request.post('/api/files', { headers, multipart: { file } }), 201);
  return stored!;
}

type SignedIn = { token: string; user: { id: string; roll: string } };

/** A server users are made on: the suite's, or a spec's own (the payment providers' specs start theirs). */
export type AppServer = { url: string; mailbox: string };
const SUITE_SERVER: AppServer = { url: E2E_BASE_URL, mailbox: E2E_MAILBOX_URL };

/** POST /api/login, as the sign-in page makes it. */
async function logIn(api: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<SignedIn> {
  return dataOf<SignedIn>(await api.post('/api/login', { data: { email: account.email, password: account.password } }));
}

/** What the sign-in page stores after a sign-in: the session keys, the subscription data as it is now. */
async function sessionOf(api: APIRequestContext, { token, user }: SignedIn, server = SUITE_SERVER): Promise<Session> {
  const headers = bearer(token);
  const localStorage = [
    { name: 'access_token', value: token },
    { name: 'user', value: JSON.stringify(user) },
    { name: 'roll', value: user.roll },
  ];
  const subscription = await api.get('/api/datasuscription', { headers });
  if (subscription.ok()) localStorage.push({ name: 'datasuscription', value: JSON.stringify(await subscription.json()) });
  return { token, headers, state: { cookies: [], origins: [{ origin: server.url, localStorage }] } };
}

/** The seeded admin of `server`, signed in: its API headers and the browser state of its session. */
export async function adminOf(api: APIRequestContext, server: AppServer): Promise<Session> {
  return sessionOf(api, await logIn(api, ADMIN), server);
}

/**
 * The sandbox's test methods (SANDBOX_TEST_METHODS in packages/contracts), saved by id as its picker
 * does: there is no number to type. `sandbox_card_visa` succeeds; `…_charge_declined` saves and every
 * charge is declined; `…_authenticate_always` asks for 3-D Secure on every charge; `sandbox_sepa_settles`
 * is a SEPA account whose debits settle three business days later.
 */
export type SandboxTestMethodId =
  | 'sandbox_card_visa'
  | 'sandbox_card_authenticate_always'
  | 'sandbox_card_authenticate_once'
  | 'sandbox_card_declined_on_save'
  | 'sandbox_card_charge_declined'
  | 'sandbox_card_insufficient_funds'
  | 'sandbox_sepa_settles'
  | 'sandbox_sepa_fails';

/**
 * Saves a sandbox test method as the Methods screen does: a setup, the sandbox's picker completing it
 * with the test method's id (never a number), then the setup's id (a SEPA account with its mandate
 * accepted). The sandbox's cards expire 12/2045, so screenshots read the same every year. Answers the
 * saved method's id (the first one saved is the default).
 */
export async function saveTestCard(
  api: APIRequestContext,
  headers: Record<string, string>,
  testMethod: SandboxTestMethodId = 'sandbox_card_visa',
): Promise<string> {
  const kind = testMethod.startsWith('sandbox_sepa_') ? 'sepa_debit' : 'card';
  const setup = await dataOf<{ setupId: string }>(await api.post('/api/user/methods/setup', { headers, data: { kind } }));
  await dataOf(
    await api.post(`/api/payments/sandbox/setups/${encodeURIComponent(setup.setupId)}/confirm`, {
      headers,
      data: { testMethod, holder: 'Fixture Holder' },
    }),
  );
  const method = await dataOf<{ id: string }>(
    await api.post('/api/user/methods', {
      headers,
      data: { setupId: setup.setupId, ...(kind === 'sepa_debit' ? { mandateAccepted: true } : {}) },
    }),
  );
  return method.id;
}

/** The id of a plan's offer for a billing period (`monthly`, `yearly`), as the plans screen lists it. */
export async function offerOf(api: APIRequestContext, headers: Record<string, string>, plan: string, period: string): Promise<string> {
  const { plans } = await dataOf<{ plans: { code: string; offers: { id: string; period: { code: string } }[] }[] }>(
    await api.get('/api/user/plans', { headers }),
  );
  const offer = plans.find((p) => p.code === plan)?.offers.find((o) => o.period.code === period);
  if (!offer) throw new Error(`no ${plan} ${period} offer`);
  return offer.id;
}

let made = 0;

const isDefault = (options: UserOptions) => (options.plan ?? 'pro') === 'pro' && !options.name && !options.locale && !options.accountType;

/**
 * Registers, verifies (the emailed code) and signs in a new user. Each registration comes from an
 * address of its own (X-Forwarded-For, which the e2e server trusts): the API allows 10 sign-ups an
 * hour per address, and the suite makes one user per test. On another `server`, `api` is a client
 * of that server, and only a Free user can be made (Pro is bought with the sandbox's test card).
 */
export async function createUser(
  api: APIRequestContext,
  workerIndex: number,
  options: UserOptions,
  server = SUITE_SERVER,
): Promise<TestUser> {
  made += 1;
  const stamp = `${Date.now().toString(36)}-${workerIndex}-${made}`;
  const account = { name: options.name ?? `Test User ${stamp}`, email: `user-${stamp}@e2e.enlaza.test`, password: PASSWORD };
  const alias = `u-${stamp}`;
  const types = await dataOf<{ id: string; code: string }[]>(await api.get('/api/account-types'));
  await dataOf(
    await api.post('/api/register', {
      headers: { 'X-Forwarded-For': `198.18.${workerIndex % 256}.${made % 256}` },
      data: {
        ...account,
        alias,
        accountTypeId: types.find((t) => t.code === (options.accountType ?? 'personal'))?.id,
        acceptPolicy: true,
        locale: options.locale ?? 'en',
      },
    }),
    201,
  );
  const link = await waitForLink(account.email, `${server.url}/register/verify/`, { mailbox: server.mailbox });
  await dataOf(await api.post('/api/register/verify', { data: { code: link.split('/').pop() } }));

  const signedIn = await logIn(api, account);
  if ((options.plan ?? 'pro') === 'pro') {
    const headers = bearer(signedIn.token);
    // Yearly, so the renewals spec's month on the test clock renews no fixture user.
    const methodId = await saveTestCard(api, headers);
    const offerId = await offerOf(api, headers, 'pro', 'yearly');
    await dataOf(await api.post('/api/user/checkout', { headers, data: { offerId, methodId, idempotencyKey: stamp } }));
  }
  const session = await sessionOf(api, signedIn, server);
  // The user call answers the user itself (the inherited contract), not {ok, data}.
  const me = (await (await api.get('/api/user', { headers: session.headers })).json()) as { perfil_id: string };
  return { ...account, ...session, id: signedIn.user.id, alias, profileId: me.perfil_id };
}

type TestFixtures = {
  /**
   * Who the test's `page` (its context) is signed in as, without the form: `user` is the test's own
   * `user`, `admin` the seeded admin, `demo` the seeded demo user; unset, a visitor. Other contexts
   * the test opens inherit it.
   */
  signedIn: 'user' | 'admin' | 'demo' | undefined;
  /** The plan of the test's own `user`. */
  userPlan: Plan;
  /** This test's own user, made on first use (a Pro user unless the test makes others with `users`). */
  user: TestUser;
  /** Makes the test's own user on first call (the `user` and `storageState` fixtures share it). */
  lazyUser: () => Promise<TestUser>;
};

type WorkerFixtures = {
  /** An API client without a session (each call says who it is with bearer headers). */
  api: APIRequestContext;
  users: Users;
  /** The seeded admin, signed in once per worker; shared, so no spec may sign it out or change it. */
  admin: Session;
  /**
   * The seeded demo user, signed in once per worker: the one account without a saved language (it is
   * seeded, not registered). Shared like the admin: only for what a registered user cannot show.
   */
  demo: Session;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  api: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({
        baseURL: E2E_BASE_URL,
        extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  users: [
    async ({ api }, use, workerInfo) => {
      const make = (options: UserOptions) => createUser(api, workerInfo.workerIndex, options);
      // Making a user waits for its verification email (the mail queue polls every 2 s): the next
      // default (Pro) user is made while the current test runs, and handed over untouched.
      let ahead: Promise<TestUser> | undefined;
      const nextDefault = () => {
        const next = ahead ?? make({});
        ahead = make({});
        ahead.catch(() => undefined); // a failure surfaces when that user is taken
        return next;
      };
      await use({ create: (options = {}) => (isDefault(options) ? nextDefault() : make(options)) });
      await ahead?.catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  admin: [async ({ api }, use) => use(await sessionOf(api, await logIn(api, ADMIN))), { scope: 'worker' }],
  demo: [async ({ api }, use) => use(await sessionOf(api, await logIn(api, DEMO_USER))), { scope: 'worker' }],

  signedIn: [undefined, { option: true }],
  userPlan: ['pro', { option: true }],
  lazyUser: async ({ users, userPlan }, use) => {
    let own: Promise<TestUser> | undefined;
    await use(() => (own ??= users.create({ plan: userPlan })));
  },
  user: async ({ lazyUser }, use) => use(await lazyUser()),
  storageState: async ({ storageState, signedIn, lazyUser, admin, demo }, use) => {
    if (signedIn === 'user') await use((await lazyUser()).state);
    else if (signedIn === 'admin') await use(admin.state);
    else if (signedIn === 'demo') await use(demo.state);
    else await use(storageState);
  },
});

/** A context of a visitor who is not signed in, whatever the test's own page is. */
export function visitorContext(browser: Browser, options: BrowserContextOptions = {}) {
  return browser.newContext({ ...options, storageState: SIGNED_OUT });
}
