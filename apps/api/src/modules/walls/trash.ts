import { htmlToPlainText } from '../../platform/rich-text.js';
import { trashProviderOf } from '../../platform/trash-sql.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import type { WallsRepository } from './repository.js';

const EXCERPT = 120;

/** What the walls module registers in the trash: wall posts (no quota applies to bringing one back). */
export function createWallsTrash(repo: WallsRepository): TrashProvider {
  return trashProviderOf('wall_post', repo.trash, (post) => {
    const text = htmlToPlainText(post.bodyHtml).replace(/\s+/g, ' ').trim();
    return { name: post.title, summary: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text || null };
  });
}
