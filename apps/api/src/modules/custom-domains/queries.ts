import { sql } from 'drizzle-orm';
import type { CustomDomain } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { customDomains } from './schema.js';

type Row = typeof customDomains.$inferSelect;

/** What a verified host serves: a card or tag at its alias and id, or a team's directory at its alias. */
export type HostTarget = { kind: 'profile'; alias: string; profileId: string } | { kind: 'team'; alias: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The names of each domain's target, for the owner's list. */
export async function present(db: Database, rows: Row[]): Promise<CustomDomain[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const named = await db.execute(sql`
      select d.id, coalesce(p.name, t.name, '') as name
      from custom_domains d left join profiles p on p.id = d.profile_id left join teams t on t.id = d.team_id
      where d.id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))`);
  const names = new Map((named.rows as { id: string; name: string }[]).map((r) => [r.id, r.name]));
  return rows.map((row) => ({
    id: row.id,
    host: row.host,
    target: row.profileId
      ? { kind: 'profile' as const, id: row.profileId, name: names.get(row.id) ?? '' }
      : { kind: 'team' as const, id: row.teamId ?? '', name: names.get(row.id) ?? '' },
    status: row.status,
    records: row.records,
    url: `https://${row.host}/`,
    checkedAt: iso(row.checkedAt),
    verifiedAt: iso(row.verifiedAt),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * What a verified host serves now (its card's alias may have changed; a deleted card, a suspended
 * owner or a team without its directory answer "not available" on the page itself), or null.
 */
export async function targetOf(db: Database, host: string): Promise<HostTarget | null> {
  const found = await db.execute(sql`
        select d.profile_id as "profileId", coalesce(pt.alias, u.alias) as "profileAlias", t.alias as "teamAlias"
        from custom_domains d
        left join profiles p on p.id = d.profile_id
        left join users u on u.id = p.user_id
        left join teams pt on pt.id = p.team_id
        left join teams t on t.id = d.team_id
        where d.host = ${host} and d.status = 'verified'`);
  const row = found.rows[0] as { profileId: string | null; profileAlias: string | null; teamAlias: string | null } | undefined;
  if (!row) return null;
  if (row.profileId && row.profileAlias) return { kind: 'profile', alias: row.profileAlias, profileId: row.profileId };
  if (row.teamAlias) return { kind: 'team', alias: row.teamAlias };
  return null;
}
