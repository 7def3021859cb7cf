/** The walls module (muros): its routes, its trash kind, and what the public page asks of it (`service.publicPage`). */
import { defineModule } from '../../platform/modules.js';
import { publicWallImageRoutes, wallRoutes } from './routes.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../platform/jobs.js';
import { defineWallsJobs } from './jobs.js';
import { createWallsFileUses } from './file-uses.js';
import { createWallsRepository } from './repository.js';
import { createWallsService, type WallsDependencies, type WallsService } from './service.js';
import { createWallsTrash } from './trash.js';
import { isNull } from 'drizzle-orm';
import type { AccessProvider } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { wallPosts } from './schema.js';
import { createWallsUserData } from './user-data.js';

/** A live wall post of the owner (`wall.post`). */
const createWallsAccess = (db: Database): AccessProvider => ownedRowsAccess('wall.post', db, wallPosts, isNull(wallPosts.deletedAt));

/** Builds the module and defines its job (`wall.publish`, run at a scheduled post's time). */
async function createWalls(
  deps: { db: Database; jobs: Jobs; log: FastifyBaseLogger } & Pick<
    WallsDependencies,
    'requireAccess' | 'isLiveImage' | 'liveImage' | 'switchWallOn'
  >,
) {
  const repo = createWallsRepository(deps.db);
  const service = createWallsService({
    repo,
    jobs: deps.jobs,
    requireAccess: deps.requireAccess,
    isLiveImage: deps.isLiveImage,
    liveImage: deps.liveImage,
    switchWallOn: deps.switchWallOn,
  });
  await defineWallsJobs(service, deps.jobs);
  return { service, trash: createWallsTrash(repo), access: createWallsAccess(deps.db) };
}

declare module '../../platform/modules.js' {
  interface Services {
    walls: WallsService;
  }
}

export const wallsModule = defineModule({
  name: 'walls',
  async build({ db, jobs, log, registries, services: { cloud, profiles } }) {
    const {
      service: walls,
      trash,
      access,
    } = await createWalls({
      db,
      jobs,
      log,
      requireAccess: registries.access.requireAccess,
      isLiveImage: (userId, id) => cloud.isLiveImage(userId, id),
      liveImage: (userId, id) => cloud.liveImage(userId, id),
      switchWallOn: (actor, profileId) => profiles.switchWallOn(actor, profileId),
    });
    return {
      services: { walls },
      trash: [trash],
      access: [access],
      userData: [createWallsUserData(db)],
      fileUses: [createWallsFileUses(db)],
    };
  },
  async register(api, { services: { walls, publicProfiles, cloud } }) {
    await api.register(wallRoutes, { walls });
    await api.register(publicWallImageRoutes, {
      walls,
      visibleWall: async (alias, id) => ((await publicProfiles.peek(alias, id))?.profile.wall ? { profileId: id } : null),
      image: (userId, fileId) => cloud.publicImage(userId, fileId),
      imageBytes: (userId, fileId, maxBytes) => cloud.imageBytes(userId, fileId, maxBytes),
    });
  },
});
