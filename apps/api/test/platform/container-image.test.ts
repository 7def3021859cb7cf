import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { png } from '../helpers/files.js';
import { call, signIn, upload, type Person } from '../helpers/instance-over-http.js';
import { waitFor } from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';

/**
 * The Containerfile, built and run here with Debian's buildah (no image registry is reachable, and
 * no daemon is needed): its runtime stage on a base made here the way the official Node image is
 * (a Debian root file system from mmdebstrap, the machine's Node in /usr/local/bin, a `node` user),
 * fed with an app assembled from this checkout (scripts/container/assemble.mjs: the run's API
 * bundle, the test web build, the API's production packages from node_modules) in place of the
 * build stage (`--build-context build=…`), so nothing is installed or built again. The image's own
 * command then serves on PostgreSQL, as its unprivileged user, with its data under /data. What this
 * does not run, the build stage's `npm ci` and `npm run build`, is said in docs/operations.md.
 *
 * The base's root file system is kept in the OS's temporary folder, by Node version, for the next
 * run; the image store is this run's own, removed at the end.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..', '..');
const WEB_FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'web');
const IMAGE = 'localhost/enlaza-image-test';
const ADMIN: Person = { email: 'admin@image.example', password: 'image-admin-password' };
const DEMO: Person = { email: 'demo@image.example', password: 'image-demo-password' };

// A base made, an image built and committed, a server started on a shared 2-core machine: a guard against hangs.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 600_000 });

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  const errors: unknown[] = [];
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => errors.push(error));
  if (errors.length) throw errors[0];
});

function needs(command: string, why: string) {
  if (spawnSync(command, ['--version']).error)
    throw new Error(`${command} is not installed (apt-get install buildah mmdebstrap; .ci/run does): ${why}`);
}

/**
 * The stand-in for the official Node image, as an OCI archive (what `FROM oci-archive:…` reads):
 * Debian's packages Node needs (libc, libstdc++) and a shell with coreutils, unpacked by mmdebstrap
 * (its `extract` variant: no package scripts run, the cheapest), then this machine's Node binary,
 * and the `node` user (1000) the official image has. Made once per Node version and Debian release.
 */
async function baseImage(buildah: string[]): Promise<string> {
  const release = /^VERSION_CODENAME=(\w+)$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'bookworm';
  const cache = join(tmpdir(), 'enlaza-image-base');
  const archive = join(cache, `node-${process.version}-${release}.oci.tar`);
  if (existsSync(archive)) return archive;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'making-'));
  try {
    const rootfs = join(work, 'rootfs.tar');
    const hook = [
      'mkdir -p "$1/usr/local/bin" "$1/home/node" "$1/root" "$1/tmp"',
      `cp ${JSON.stringify(process.execPath)} "$1/usr/local/bin/node"`,
      'printf "root:x:0:0:root:/root:/bin/sh\\nnode:x:1000:1000::/home/node:/bin/sh\\n" > "$1/etc/passwd"',
      'printf "root:x:0:\\nnode:x:1000:\\n" > "$1/etc/group"',
      'chmod 1777 "$1/tmp"',
      'chown 1000:1000 "$1/home/node"',
    ].join(' && ');
    await run(
      'mmdebstrap',
      [
        '--quiet',
        '--variant=extract',
        '--include=libstdc++6,dash,coreutils',
        '--aptopt=Acquire::Languages "none"',
        `--extract-hook=${hook}`,
        release,
        rootfs,
        'http://deb.debian.org/debian',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { stdout } = await run('buildah', [...buildah, 'from', 'scratch']);
    const container = stdout.trim();
    await run('buildah', [...buildah, 'add', container, rootfs, '/']);
    await run('buildah', [
      ...buildah,
      'config',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--cmd',
      'node',
      container,
    ]);
    const made = join(work, 'base.oci.tar');
    await run('buildah', [...buildah, 'commit', '--quiet', '--rm', container, `oci-archive:${made}`]);
    renameSync(made, archive);
    return archive;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The image store's options: this run's own folders, on overlay where the kernel lets us, else vfs (copies). */
async function imageStore(): Promise<string[]> {
  const store = mkdtempSync(join(tmpdir(), 'enlaza-image-store-'));
  cleanups.push(() => rmSync(store, { recursive: true, force: true }));
  for (const driver of ['overlay', 'vfs']) {
    const options = ['--root', join(store, driver), '--runroot', join(store, `${driver}-run`), '--storage-driver', driver];
    const probe = await run('buildah', [...options, 'from', 'scratch']).catch(() => null);
    if (!probe) continue;
    const mounted = await run('buildah', [...options, 'mount', probe.stdout.trim()]).then(
      () => true,
      () => false,
    );
    await run('buildah', [...options, 'rm', probe.stdout.trim()]);
    if (!mounted) continue;
    // Its containers unmounted before the store's folders go.
    cleanups.push(() => run('buildah', [...options, 'rm', '--all']));
    return options;
  }
  throw new Error('buildah can use neither the overlay nor the vfs storage driver here');
}

type Started = { url: string; pid: number; output: () => string; stop: () => Promise<void> };

/** `buildah run` of the image's own command in `container`, on its own process group (stopped as one). */
async function startContainer(buildah: string[], container: string, command: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const settings = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  const proc: ChildProcess = spawn(
    'buildah',
    [
      ...buildah,
      'run',
      '--isolation',
      'chroot',
      ...Object.entries(settings).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      container,
      '--',
      ...command,
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // The server's own process id, as its log says (chroot isolation shares the machine's process ids).
  const serverPid = () => Number(/"pid":(\d+)/.exec(output)?.[1] ?? 0);
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) process.kill(-proc.pid!, 'SIGTERM');
    const timer = setTimeout(() => {
      if (proc.exitCode === null && proc.signalCode === null) process.kill(-proc.pid!, 'SIGKILL');
      if (serverPid() && existsSync(`/proc/${serverPid()}`)) process.kill(serverPid(), 'SIGKILL');
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  await waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error(`buildah run exited with ${proc.exitCode}:\n${output.slice(-3000)}`);
      return fetch(`${url}/api/health`).then(
        (res) => (res.ok ? true : undefined),
        () => undefined,
      );
    },
    'the API in the container to answer',
    90_000,
    200,
  );
  return { url, pid: serverPid(), output: () => output, stop };
}

type ImageConfig = {
  User: string;
  Env: string[];
  Cmd: string[];
  WorkingDir: string;
  Volumes?: Record<string, unknown>;
  Healthcheck?: { Test: string[] };
};

describe('the container image (Containerfile)', () => {
  // It needs PostgreSQL, and costs a build: once per CI run, in the PostgreSQL pass (skipped on PGlite).
  describe.runIf(testDatabaseUrl)('built from this checkout with buildah, run on PostgreSQL (its pass only: once per CI run)', () => {
    let buildah: string[];
    let config: ImageConfig;
    let container: string;
    let server: Started;

    beforeAll(async () => {
      needs('buildah', 'it builds and runs the image');
      needs('mmdebstrap', 'it makes the base image');
      buildah = await imageStore();
      const base = await baseImage(buildah);

      const context = mkdtempSync(join(tmpdir(), 'enlaza-image-context-'));
      cleanups.push(() => rmSync(context, { recursive: true, force: true }));
      await run(process.execPath, [
        join(root, 'scripts', 'container', 'assemble.mjs'),
        join(context, 'app'),
        '--api-dist',
        inject('apiBundle'),
        '--web-dist',
        WEB_FIXTURE,
        '--link',
      ]);
      await run(
        'buildah',
        [
          ...buildah,
          'bud',
          '--isolation',
          'chroot',
          // Docker's format: the OCI one has no HEALTHCHECK.
          '--format',
          'docker',
          '--file',
          join(root, 'Containerfile'),
          '--build-arg',
          `NODE_IMAGE=oci-archive:${base}`,
          '--build-context',
          `build=${context}`,
          '--tag',
          IMAGE,
          context,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`buildah bud failed:\n${error.stdout?.slice(-3000)}\n${error.stderr?.slice(-3000)}`);
      });
      const inspected = JSON.parse((await run('buildah', [...buildah, 'inspect', '--type', 'image', IMAGE])).stdout) as {
        Docker: { config: ImageConfig };
      };
      config = inspected.Docker.config;
      container = (await run('buildah', [...buildah, 'from', '--pull-never', IMAGE])).stdout.trim();

      const database = await createScratchDatabase(testDatabaseUrl!);
      cleanups.push(database.drop);
      server = await startContainer(buildah, container, config.Cmd, {
        DATABASE_URL: database.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_EMAIL: DEMO.email,
        DEMO_PASSWORD: DEMO.password,
        DEMO_PLAN: 'business',
        // The image says NODE_ENV=production: the demo seller is refused there without this.
        DEMO_SELLER: 'true',
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_FORMAT: 'json',
      });
    });

    it('says how it runs: the unprivileged node user in /app, production, data in the /data volume, a health check', () => {
      expect(config.User).toBe('node');
      expect(config.WorkingDir).toBe('/app');
      expect(config.Cmd).toEqual(['node', 'apps/api/dist/server.js']);
      expect(Object.keys(config.Volumes ?? {})).toEqual(['/data']);
      expect(config.Env).toEqual(expect.arrayContaining(['NODE_ENV=production', 'DATA_DIR=/data', 'PORT=3000', 'HOST=0.0.0.0']));
      // Every setting it gives is one of .env.example's (PATH and the base's own aside).
      const example = readFileSync(join(root, '.env.example'), 'utf8');
      const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
      const own = config.Env.map((line) => line.split('=')[0]!).filter((name) => name !== 'PATH');
      expect(own.filter((name) => !documented.has(name))).toEqual([]);
      expect(config.Healthcheck?.Test).toEqual(['CMD', 'node', '/app/healthcheck.mjs']);
    });

    it('serves the API as its unprivileged user, and its health check says so', async () => {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      // The server's process, as the machine sees it: not root.
      expect(server.pid).toBeGreaterThan(0);
      expect(readFileSync(`/proc/${server.pid}/status`, 'utf8')).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
      // The image's HEALTHCHECK command, run in the container with the server's port.
      const port = new URL(server.url).port;
      const healthy = await run('buildah', [
        ...buildah,
        'run',
        '--isolation',
        'chroot',
        '--env',
        `PORT=${port}`,
        container,
        '--',
        ...config.Healthcheck!.Test.slice(1),
      ]).then(
        () => true,
        () => false,
      );
      expect(healthy).toBe(true);
    });

    it('signs the seeded admin in, keeps an upload under /data, and serves a public card page and the web app', async () => {
      // An admin-only list: the seeded admin is one.
      const coupons = await call(server.url, await signIn(server.url, ADMIN), 'GET', '/api/admin/coupons');
      expect(coupons.status, JSON.stringify(coupons.body)).toBe(200);

      const demoToken = await signIn(server.url, DEMO);
      await upload(server.url, demoToken, 'kept.png', png(3, 2, [200, 40, 90]), 'image/png');
      const { stdout: files } = await run('buildah', [...buildah, 'run', '--isolation', 'chroot', container, '--', 'ls', '-R', '/data']);
      expect(files).toMatch(/files/);

      // The seeded demo card, by its short link (a redirect to the card's page, rendered by the server).
      const card = await fetch(`${server.url}/link/demo`);
      expect(card.status).toBe(200);
      expect(card.url).toMatch(/\/link\/demo\/[0-9a-f-]{36}$/);
      expect(await card.text()).toContain('<html');
      // A page of the web app, from the web build the image carries.
      const page = await fetch(`${server.url}/politica`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Enlaza test page');
    });

    it('stops on SIGTERM', async () => {
      await server.stop();
      expect(existsSync(`/proc/${server.pid}`)).toBe(false);
    });
  });
});
