import type { TeamFigures } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { csvRow } from '../../lib/csv.js';
import type { Actor } from '../../platform/actor.js';
import { messagesOfProfiles, messagesPerDay } from '../mailbox/index.js';
import { teamCardProfiles } from '../profiles/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { TeamCardsRepository } from './cards-repository.js';
import type { TeamContext } from './context.js';

type Deps = {
  db: Database;
  cards: TeamCardsRepository;
  context: TeamContext;
  stats: Pick<PublicProfileService, 'dailyFigures'>;
  timeZone: string;
};

const CSV_PAGE = 1000;
type Counts = { visitors: number; saves: number; messages: number };
const zero = (): Counts => ({ visitors: 0, saves: 0, messages: 0 });
const add = (into: Counts, from: Partial<Counts>) => {
  into.visitors += from.visitors ?? 0;
  into.saves += from.saves ?? 0;
  into.messages += from.messages ?? 0;
};

/** The team's figures (visitors, saves, messages per card and day) and the leads of every team card as CSV. */
export function createFiguresService({ db, cards, context, stats, timeZone }: Deps) {
  /** The team's cards with the member each is assigned to, for the admins. */
  async function teamCards(actor: Actor) {
    const { team } = await context.teamOf(actor, 'manager');
    const [rows, profiles] = await Promise.all([cards.list(team.id), teamCardProfiles(db, team.id)]);
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    return rows.filter(({ card }) => names.has(card.profileId)).map((r) => ({ ...r, cardName: names.get(r.card.profileId) ?? '' }));
  }

  return {
    /** The last `days` days (the seller's calendar, zero-filled), in total, per day and per card. */
    async figures(actor: Actor, days: number): Promise<TeamFigures> {
      const list = await teamCards(actor);
      const ids = list.map((c) => c.card.profileId);
      const daily = await stats.dailyFigures(ids, days);
      const from = daily.days[0]!;
      const messages = await messagesPerDay(db, ids, from, timeZone);
      const perDay = new Map(daily.days.map((day) => [day, zero()]));
      const perCard = new Map(ids.map((id) => [id, zero()]));
      for (const row of [...daily.rows, ...messages]) {
        const day = perDay.get(row.day);
        if (!day) continue;
        add(day, row);
        add(perCard.get(row.profileId)!, row);
      }
      const totals = zero();
      for (const counts of perDay.values()) add(totals, counts);
      return {
        from,
        to: daily.days.at(-1)!,
        savesCounted: true,
        totals,
        days: daily.days.map((day) => ({ day, ...perDay.get(day)! })),
        members: list.map(({ card, memberName, cardName }) => ({
          cardId: card.profileId,
          cardName,
          userId: card.memberUserId,
          name: memberName,
          ...perCard.get(card.profileId)!,
        })),
      };
    },

    /** Every message of every team card (name, email, phone, message, card, member, date): CSV with a BOM, formulas neutralised. */
    async leadsCsv(actor: Actor): Promise<AsyncGenerator<string>> {
      const list = await teamCards(actor);
      const byCard = new Map(list.map((c) => [c.card.profileId, c]));
      const ids = [...byCard.keys()];
      return (async function* lines() {
        yield `\uFEFF${csvRow(['date', 'name', 'email', 'phone', 'message', 'card', 'member'])}`;
        let after: { createdAt: Date; id: string } | null = null;
        for (;;) {
          const rows = await messagesOfProfiles(db, ids, after, CSV_PAGE);
          yield rows
            .map((m) => {
              const card = byCard.get(m.profileId);
              return csvRow([m.createdAt.toISOString(), m.name, m.email, m.phone, m.body, card?.cardName ?? '', card?.memberName ?? '']);
            })
            .join('');
          const last = rows.at(-1);
          if (rows.length < CSV_PAGE || !last) return;
          after = { createdAt: last.createdAt, id: last.id };
        }
      })();
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
