import type { Collection, ProfileKind, collectionBodySchema } from '@enlaza/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { CollectionsRepository } from './repository.js';

export type { CollectionType } from './repository.js';
type Body = z.infer<typeof collectionBodySchema>;

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Folders (carpetas) and labels (etiquetas): per user and kind, with a colour. Deleting one never deletes a profile. */
export function createCollectionsService(repo: CollectionsRepository, requireAccess: RequireAccess, kind: 'folder' | 'label') {
  const taken = () => new AppError('collection.name_taken', {}, { name: [{ code: 'validation.name_taken' }] });

  async function read(userId: string, id: string): Promise<Collection> {
    const { userId: _owner, ...collection } = afterAccess(await repo.find(userId, id));
    return collection;
  }

  async function find(userId: string, id: string): Promise<Collection> {
    await requireAccess({ id: userId }, kind, id);
    return read(userId, id);
  }

  return {
    list: (userId: string, kind: ProfileKind): Promise<Collection[]> => repo.list(userId, kind),

    async create(userId: string, body: Body): Promise<Collection> {
      try {
        return read(userId, await repo.insert(userId, body));
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
    },

    async update(userId: string, id: string, body: Body): Promise<Collection> {
      const existing = await find(userId, id);
      if (existing.kind !== body.kind) throw new AppError('validation.failed', {}, { kind: [{ code: 'validation.invalid_value' }] });
      try {
        await repo.update(userId, id, { name: body.name, color: body.color });
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
      return read(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      await find(userId, id);
      // Profiles stay: their folder becomes none (FK on delete set null) / the label link goes (cascade).
      await repo.remove(userId, id);
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
