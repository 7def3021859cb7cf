/**
 * Query keys of the mailbox. In lib, not in the mailbox feature, because others refresh them: the
 * notification stream on a new message, the profiles feature when a card's name (the picker's) changes.
 */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  messages: (profileId: string, filter: object) => [...mailboxKeys.all, 'messages', profileId, filter] as const,
  /** The "my cards and tags" picker: it lists names. */
  profiles: ['mailbox', 'profiles'] as const,
  unread: ['mailbox', 'unread'] as const,
};
