import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ACTIVITY_ACTIONS, cardFieldsSchema, tagFieldsSchema, type ActivityEvent } from '@enlaza/contracts';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { describeEvent, deviceSummary } from './describe-event';

const base: ActivityEvent = {
  id: 'e1',
  action: 'auth.sign_in',
  createdAt: '2026-03-01T10:00:00.000Z',
  userId: 'u1',
  userName: 'Demo',
  userEmail: 'demo@example.com',
  actorId: 'u1',
  actorName: 'Demo',
  actorEmail: 'demo@example.com',
  targetType: null,
  targetId: null,
  address: '203.0.113.7',
  device: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  before: null,
  after: null,
};

describe('describeEvent', () => {
  it('maps a sign-in to its sentence and shows where it came from', () => {
    expect(describeEvent(base)).toMatchObject({ key: 'auth_sign_in', tone: 'default', showOrigin: true });
  });

  it('marks a failed sign-in as a warning', () => {
    expect(describeEvent({ ...base, action: 'auth.sign_in_failed', actorId: null })).toMatchObject({
      key: 'auth_sign_in_failed',
      tone: 'warning',
    });
  });

  it('carries the old and new alias', () => {
    const d = describeEvent({ ...base, action: 'alias.changed', before: { alias: 'demo' }, after: { alias: 'demo-2' } });
    expect(d.key).toBe('alias_changed');
    expect(d.values).toMatchObject({ alias: 'demo-2', previousAlias: 'demo' });
    expect(d.showOrigin).toBe(false);
  });

  it('lists the changed fields of an update', () => {
    const d = describeEvent({ ...base, action: 'account.updated', after: { name: 'New', phone: '+34600000000' } });
    expect(d.values.fields).toBe('name,phone');
  });

  it('lists the changed fields of a card, one by one for the caller to translate', () => {
    const d = describeEvent({
      ...base,
      action: 'profile.updated',
      before: { name: 'Card', visibility: 'private', sectionOrder: 'form_first' },
      after: { name: 'Card', visibility: 'public', sectionOrder: 'wall_first' },
    });
    expect(d.values.fields).toBe('visibility,sectionOrder');
  });

  it('names the administrator who acted on the account', () => {
    const d = describeEvent({ ...base, action: 'admin.user_suspended', actorId: 'a1', actorName: 'Admin' });
    expect(d).toMatchObject({ key: 'admin_user_suspended', tone: 'warning' });
    expect(d.values.actor).toBe('Admin');
  });

  it('falls back to a generic sentence for an action it does not know', () => {
    expect(describeEvent({ ...base, action: 'campaign.sent' })).toMatchObject({ key: 'unknown', values: { action: 'campaign.sent' } });
  });
});

describe('deviceSummary', () => {
  it('names the browser and the system', () => {
    expect(deviceSummary(base.device)).toBe('Chrome · Linux');
    expect(
      deviceSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari · iOS');
    expect(deviceSummary(null)).toBeNull();
  });
});

describe('every recorded action in the user’s own history', () => {
  it('has a sentence in en, es and jp (none shows as unknown)', async () => {
    await initI18n('en');
    for (const language of ['en', 'es', 'jp']) {
      await i18n.changeLanguage(language);
      await loadNamespaces(['history']);
      for (const action of ACTIVITY_ACTIONS) {
        const { key } = describeEvent({ ...base, action });
        expect(key, action).not.toBe('unknown');
        expect(i18n.exists(`history:actions.${key}`), `${language} ${action}`).toBe(true);
      }
    }
    await i18n.changeLanguage('en');
  });

  it('names every field a card or tag change can list, in en, es and jp', async () => {
    // The settings the profiles service compares, then each card and tag field by name.
    const settings = ['visibility', 'contactForm', 'wall', 'sectionOrder', 'folderId', 'photoFileId', 'coverFileId', 'theme'];
    const fields = [...settings, ...Object.keys(cardFieldsSchema.shape), ...Object.keys(tagFieldsSchema.shape)].filter((f) => f !== 'name');
    await initI18n('en');
    for (const language of ['en', 'es', 'jp']) {
      await i18n.changeLanguage(language);
      await loadNamespaces(['history']);
      for (const field of fields) expect(i18n.exists(`history:fields.${field}`), `${language} ${field}`).toBe(true);
    }
    await i18n.changeLanguage('en');
  });
});
