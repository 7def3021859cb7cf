import type { ActivityEvent } from '@enlaza/contracts';

const text = (record: Record<string, unknown> | null, key: string) => {
  const value = record?.[key];
  return typeof value === 'string' ? value : '';
};

/**
 * What an event's sentence names (`admin-history:actions.*`): who did it, whose account, the card,
 * tag, file or person by its name (the new one after a rename) and the name it had before, and a
 * person's email (an invitation's).
 */
export function sentenceValues(event: ActivityEvent, someone: string) {
  return {
    actor: event.actorName ?? someone,
    user: event.userName ?? someone,
    name: text(event.after, 'name') || text(event.before, 'name'),
    previousName: text(event.before, 'name'),
    email: text(event.after, 'email') || text(event.before, 'email'),
  };
}
