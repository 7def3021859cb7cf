/** The walls module's public surface (muros): the public page asks its service for the first page of published posts. */
export type { WallsService } from './service.js';
export { movePostsTo } from './hand-over.js';
