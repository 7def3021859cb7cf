import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createRegistrationService } from '../../src/modules/registration/service.js';
import { TAKEN_EMAIL_NOTICES_PER_DAY } from '../../src/modules/registration/taken-email.js';

/**
 * Registration must not tell by its time whether an address has an account. Timing is not measured
 * here (a busy machine makes thresholds lie): the service is built on recording stand-ins and each
 * path's costly work is compared call by call — the password hash, the reads and writes of the
 * database, the transaction and the email queued in it.
 */
type Call = string;
const OWNER = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Olga',
  email: 'olga@example.com',
  locale: 'es' as const,
  status: 'active',
};
const NEW_USER = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Nadia',
  email: 'nadia@example.com',
  locale: null,
  status: 'pending',
  alias: 'nadia',
};

/** The calls one registration makes, with the address taken or not and the owner's notices of the day used up or not. */
async function callsOfOneRegistration(taken: boolean, noticesUsedToday: number): Promise<Call[]> {
  const calls: Call[] = [];
  const tx = { tx: true };
  const repo = {
    activeAccountType: async () => ({ id: 'type' }),
    aliasInUse: async () => false,
    aliasesStartingWith: async () => new Set<string>(),
    findUserByEmail: async () => {
      calls.push('read the address');
      return taken ? OWNER : undefined;
    },
    createPendingUserUnlessTaken: async (inTx: unknown) => {
      calls.push(`insert the account${inTx === tx ? ' in the transaction' : ''}`);
      return taken ? { owner: OWNER } : { created: NEW_USER };
    },
    createPendingUser: async () => {
      calls.push('insert the account');
      return NEW_USER;
    },
    transaction: async <T>(work: (t: typeof tx) => Promise<T>) => {
      calls.push('transaction');
      return work(tx);
    },
    issueToken: async () => undefined,
    replaceToken: async (_values: unknown, after: (t: typeof tx) => Promise<unknown> = async () => undefined) => {
      calls.push('transaction');
      await after(tx);
    },
  };
  const mailer = {
    send: async (_email: unknown, options: { tx?: unknown } = {}) => {
      calls.push(`queue an email${options.tx === tx ? ' in the transaction' : ''}`);
      return 'queued' as const;
    },
    sendInBackground: () => calls.push('queue an email later'),
    defer: () => calls.push('work later'),
    drain: async () => undefined,
    close: () => undefined,
  };
  let counted = noticesUsedToday;
  const limiter = {
    consume: async () => undefined,
    check: async () => undefined,
    record: async () => {
      calls.push('count the attempt');
      counted += 1;
    },
    count: async () => {
      calls.push('read the count');
      return counted;
    },
    hit: async () => {
      calls.push('count the attempt');
      counted += 1;
      if (counted > TAKEN_EMAIL_NOTICES_PER_DAY) throw new AppError('request.throttled', { seconds: 60 });
      return [];
    },
    release: async () => undefined,
    clear: async () => undefined,
  };
  const service = createRegistrationService({
    repo: repo as never,
    hashPassword: async () => {
      calls.push('hash the password');
      return 'hash';
    },
    mailer,
    limiter,
    events: { publish: async () => undefined },
    auth: {} as never,
    passkeys: {} as never,
    publicUrl: 'https://enlaza.example',
    teamAliases: () => ({ taken: async () => false, startingWith: async () => new Set<string>() }),
  });
  const answer = await service.register(
    {
      name: 'Nadia',
      alias: 'nadia',
      email: taken ? OWNER.email : NEW_USER.email,
      password: 'a-long-unusual-passphrase',
      accountTypeId: 'type',
      acceptPolicy: true,
    } as never,
    'en',
    { address: '192.0.2.1', userAgent: null } as never,
  );
  expect(answer).toEqual({ email: taken ? OWNER.email : NEW_USER.email });
  return calls;
}

describe('registering with a taken address does the same work as with a new one', () => {
  it('hashes, reads, counts, inserts and queues one email in one transaction on every path', async () => {
    const asNew = await callsOfOneRegistration(false, 0);
    expect(asNew).toEqual([
      'hash the password',
      'read the address',
      'count the attempt',
      'read the count',
      'transaction',
      'insert the account in the transaction',
      'queue an email in the transaction',
    ]);
    expect(await callsOfOneRegistration(true, 0)).toEqual(asNew);
    // Past the owner's notices of the day nothing is sent, and still nothing is skipped.
    expect(await callsOfOneRegistration(true, TAKEN_EMAIL_NOTICES_PER_DAY + 2)).toEqual(asNew);
  });
});
