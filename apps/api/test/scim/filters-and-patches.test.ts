import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { ScimError } from '../../src/modules/scim/errors.js';
import { matches, parseFilter, parsePatchPath } from '../../src/modules/scim/filter.js';
import { applyPatch, readPatch } from '../../src/modules/scim/patch.js';
import * as rfc from '../fixtures/scim/rfc7644-examples.js';

/** Resources the RFC's filters are tried on; scimmy (an independent SCIM implementation) matches them too. */
const PEOPLE = [
  {
    userName: 'bjensen',
    name: { familyName: 'Jensen' },
    title: 'Tour Guide',
    userType: 'Employee',
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    emails: [{ type: 'work', value: 'bjensen@example.com' }],
    meta: { lastModified: '2011-05-13T04:42:34Z' },
  },
  {
    userName: 'Jsmith',
    name: { familyName: "O'Malley" },
    userType: 'Intern',
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    emails: [{ type: 'home', value: 'js@example.org' }],
    ims: [{ type: 'xmpp', value: 'js@foo.com' }],
    meta: { lastModified: '2011-05-13T04:42:35Z' },
  },
  {
    userName: 'Jo',
    userType: 'Employee',
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    emails: [{ type: 'work', value: 'jo@elsewhere.net' }],
    meta: { lastModified: '2011-05-12T00:00:00Z' },
  },
];

const ours = (filter: string) => PEOPLE.filter((p) => matches(parseFilter(filter), p)).map((p) => p.userName);
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  it.each(rfc.FILTERS)('reads the RFC’s example %s', (filter) => {
    expect(() => parseFilter(filter)).not.toThrow();
  });

  it('matches the RFC’s examples as scimmy does, where scimmy reads them', () => {
    let compared = 0;
    // scimmy reads the URN-prefixed core attribute but matches nothing with it; RFC 7644 §3.10 makes it userName (checked below).
    for (const filter of rfc.FILTERS.filter((f) => !f.startsWith('urn:'))) {
      let theirs: string[];
      try {
        theirs = (new SCIMMY.Types.Filter(filter).match(PEOPLE) as { userName: string }[]).map((p) => p.userName);
      } catch {
        continue; // a form scimmy does not read
      }
      compared += 1;
      expect({ filter, matched: ours(filter) }).toEqual({ filter, matched: theirs });
    }
    expect(compared).toBeGreaterThanOrEqual(11);
  });

  it('answers what the RFC means, case-insensitively for names and for values that are not caseExact', () => {
    expect(ours('userName eq "bjensen"')).toEqual(['bjensen']);
    expect(ours('USERNAME EQ "BJENSEN"')).toEqual(['bjensen']);
    expect(ours('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"')).toEqual(['Jsmith', 'Jo']);
    expect(ours('title pr')).toEqual(['bjensen']);
    expect(ours('emails[type eq "work"].value eq "jo@elsewhere.net"')).toEqual(['Jo']);
    expect(ours('emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]')).toEqual([
      'bjensen',
      'Jsmith',
    ]);
    expect(ours('not (userType eq "Employee") or userName ew "o"')).toEqual(['Jsmith', 'Jo']);
    expect(ours('meta.lastModified gt "2011-05-13T04:42:34Z"')).toEqual(['Jsmith']);
    expect(ours('userName sw "j"')).toEqual(['Jsmith', 'Jo']);
  });

  it('refuses a malformed filter as invalidFilter, never anything else', () => {
    const bad = [
      'userName eq',
      'userName xx "a"',
      '(userName eq "a"',
      'userName eq "a" and',
      'userName eq "a',
      'emails[type eq "work"',
      'not userName eq "a"',
      '"a" eq userName',
      'userName eq bare',
    ];
    for (const filter of bad) {
      let error: unknown;
      try {
        parseFilter(filter);
      } catch (e) {
        error = e;
      }
      expect(error, filter).toBeInstanceOf(ScimError);
      expect((error as ScimError).body(), filter).toMatchObject({
        status: '400',
        scimType: expect.stringMatching(/invalidFilter|invalidPath/),
      });
    }
    expect(() => parseFilter(`${'('.repeat(50)}userName eq "a"${')'.repeat(50)}`)).toThrow(ScimError);
  });
});

describe('SCIM PATCH (RFC 7644 §3.5.2) and the providers’ dialects', () => {
  const user = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: 'bjensen@example.com',
    name: { givenName: 'Babs' },
    active: true,
    emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
  };
  const multi = new Set(['emails', 'phonenumbers', 'members']);

  it('reads paths as the RFC writes them', () => {
    expect(parsePatchPath('name.givenName')).toEqual({ attribute: ['name'], sub: 'givenName' });
    expect(parsePatchPath('emails[type eq "work"].value')).toMatchObject({ attribute: ['emails'], sub: 'value' });
    expect(parsePatchPath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department')).toEqual({
      attribute: ['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', 'department'],
    });
  });

  it('applies the RFC’s add and replace without a path', () => {
    const added = applyPatch(user, readPatch(rfc.PATCH_ADD_WITHOUT_PATH), multi);
    expect(added.emails).toHaveLength(2);
    expect(added.nickname).toBe('Babs');
    const replaced = applyPatch(user, readPatch(rfc.PATCH_REPLACE_WITHOUT_PATH), multi);
    expect(replaced.emails).toEqual(rfc.PATCH_REPLACE_WITHOUT_PATH.Operations[0]!.value.emails);
  });

  it('applies Entra ID’s capitalized operations, string booleans and filtered paths, and Okta’s value object', () => {
    const entra = applyPatch(user, readPatch(rfc.ENTRA_UPDATE), multi);
    expect(entra).toMatchObject({
      title: 'Head of Sales',
      name: { givenName: 'Barbara' },
      phoneNumbers: [{ type: 'work', value: '+34 600 000 111' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales', manager: 'mgr-42' },
    });
    expect(applyPatch(user, readPatch(rfc.ENTRA_DISABLE), multi).active).toBe('False');
    expect(applyPatch(user, readPatch(rfc.OKTA_DEACTIVATE), multi).active).toBe(false);
  });

  it('applies the RFC’s member operations on a group', () => {
    const ids = { babs: 'a', james: 'b', base: 'https://x/scim/v2' };
    const group = { displayName: 'Sales', members: [{ value: 'c' }] };
    const values = (g: Record<string, unknown>) => (g.members as { value: string }[] | undefined)?.map((m) => m.value);
    expect(values(applyPatch(group, readPatch(rfc.PATCH_ADD_MEMBER(ids)), multi))).toEqual(['c', 'a']);
    const both = applyPatch(group, readPatch(rfc.PATCH_REMOVE_AND_ADD(ids)), multi);
    expect(values(both)).toEqual(['a', 'b']);
    expect(values(applyPatch(group, readPatch(rfc.PATCH_REPLACE_MEMBERS(ids)), multi))).toEqual(['a', 'b']);
    expect(values(applyPatch(both, readPatch(rfc.PATCH_REMOVE_ONE_MEMBER(ids)), multi))).toEqual(['b']);
    expect(values(applyPatch(both, readPatch(rfc.PATCH_REMOVE_ALL_MEMBERS), multi))).toBeUndefined();
    expect(values(applyPatch(both, readPatch(rfc.ENTRA_REMOVE_MEMBER('a')), multi))).toEqual(['b']);
  });

  it('refuses a malformed message with the RFC’s scimType', () => {
    const bad: [unknown, string][] = [
      [{}, 'invalidSyntax'],
      [{ schemas: ['x'], Operations: [] }, 'invalidSyntax'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'x' }] }, 'invalidSyntax'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'x' }] }, 'invalidValue'],
    ];
    for (const [body, scimType] of bad) expect(() => readPatch(body)).toThrow(expect.objectContaining({ scimType }));
    expect(() => applyPatch(user, readPatch({ schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), multi)).toThrow(
      expect.objectContaining({ scimType: 'noTarget' }),
    );
    const noMatch = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[value co "zz"]', value: 'y' }] };
    expect(() => applyPatch(user, readPatch(noMatch), multi)).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
  });
});
