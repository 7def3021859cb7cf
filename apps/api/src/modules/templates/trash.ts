import { trashProviderOf } from '../../platform/trash-sql.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import type { TemplatesRepository } from './repository.js';

/** What the templates module registers in the trash: email templates (no quota applies to bringing one back). */
export function createTemplatesTrash(repo: TemplatesRepository): TrashProvider {
  return trashProviderOf('email_template', repo.trash, (template) => ({ name: template.name, summary: template.subject }));
}
