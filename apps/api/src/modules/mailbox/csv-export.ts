import { csvRow } from '../../lib/csv.js';
import type { Cursor, MailboxRepository } from './repository.js';

const CSV_PAGE = 1000;

/** A profile's live messages (inbox and archived) as CSV lines, read in keyset pages. */
export async function* messagesCsv(repo: MailboxRepository, profileId: string): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(['date', 'name', 'email', 'phone', 'message', 'consent', 'read', 'starred', 'archived', 'replied_at', 'latitude', 'longitude'])}`;
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await repo.list(profileId, { folder: 'live' }, cursor, CSV_PAGE);
    const page = rows.slice(0, CSV_PAGE);
    yield page
      .map(({ message: m }) =>
        csvRow([
          m.createdAt.toISOString(),
          m.name,
          m.email,
          m.phone,
          m.body,
          m.consent ? 'yes' : 'no',
          m.readAt ? 'yes' : 'no',
          m.starred ? 'yes' : 'no',
          m.archivedAt ? 'yes' : 'no',
          m.repliedAt?.toISOString() ?? '',
          m.location?.lat ?? null,
          m.location?.lng ?? null,
        ]),
      )
      .join('');
    const last = page.at(-1);
    if (rows.length <= CSV_PAGE || !last) return;
    cursor = { createdAt: last.createdAtText, id: last.message.id };
  }
}
