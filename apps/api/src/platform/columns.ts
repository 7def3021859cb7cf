import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Random (not sequential, not guessable) primary key. */
export const primaryId = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
