import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { ACCESS_KINDS, createAccessRegistry, type AccessProvider } from '../../src/platform/access.js';

const ME = { id: 'me' };
const mine = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const theirs = '33333333-3333-4333-8333-333333333333';
const missing = '44444444-4444-4444-8444-444444444444';

/** A provider over a fixed table of (id → owner), recording every call it answers. */
function fakeProvider(kind: AccessProvider['kind'], owners: Record<string, string>) {
  const calls: (readonly string[])[] = [];
  const provider: AccessProvider = {
    kind,
    async accessible(actorId, ids) {
      calls.push(ids);
      return new Set(ids.filter((id) => owners[id] === actorId));
    },
  };
  return { provider, calls };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, status: error.status } : error),
  );

describe('the access registry', () => {
  const setup = () => {
    const registry = createAccessRegistry();
    const profiles = fakeProvider('profile', { [mine[0]!]: 'me', [mine[1]!]: 'me', [theirs]: 'someone-else' });
    registry.register(profiles.provider);
    return { registry, calls: profiles.calls };
  };

  it('allows the actor’s own records, one id or many, in one call to the provider', async () => {
    const { registry, calls } = setup();
    await registry.requireAccess(ME, 'profile', mine[0]!);
    await registry.requireAccess(ME, 'profile', mine);
    expect(calls).toEqual([[mine[0]], mine]);
  });

  it('answers 404 for another user’s id, the same as for a missing one', async () => {
    const { registry } = setup();
    const notFound = { code: 'record.not_found', status: 404 };
    expect(await rejection(registry.requireAccess(ME, 'profile', theirs))).toEqual(notFound);
    expect(await rejection(registry.requireAccess(ME, 'profile', missing))).toEqual(notFound);
  });

  it('answers 404 when one id among several is missing or someone else’s', async () => {
    const { registry } = setup();
    expect(await rejection(registry.requireAccess(ME, 'profile', [...mine, missing]))).toMatchObject({ status: 404 });
    expect(await rejection(registry.requireAccess(ME, 'profile', [theirs, ...mine]))).toMatchObject({ status: 404 });
  });

  it('counts duplicates once and asks nothing for no id', async () => {
    const { registry, calls } = setup();
    await registry.requireAccess(ME, 'profile', [mine[0]!, mine[0]!, mine[1]!, mine[0]!]);
    await registry.requireAccess(ME, 'profile', []);
    expect(calls).toEqual([mine]);
  });

  it('knows only the kinds of its typed union, each registered once', async () => {
    const { registry } = setup();
    // @ts-expect-error an unknown kind is a type error
    await expect(registry.requireAccess(ME, 'profiles', mine)).rejects.toThrow('no access provider for profiles');
    expect(() => registry.register(fakeProvider('profile', {}).provider)).toThrow('access kind profile registered twice');
  });

  it('stops start-up while a kind has no provider', () => {
    const registry = createAccessRegistry();
    for (const kind of ACCESS_KINDS.filter((k) => k !== 'list')) registry.register(fakeProvider(kind, {}).provider);
    expect(() => registry.assertComplete()).toThrow('no access provider for list');
    registry.register(fakeProvider('list', {}).provider);
    expect(() => registry.assertComplete()).not.toThrow();
  });
});
