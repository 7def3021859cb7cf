import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config.js';

/**
 * docs/deploy/compose.yaml, read by Debian's docker-compose (`config` validates and resolves it; no
 * daemon needed) and by Python's YAML reader that comes with it (its output as JSON).
 */
const root = join(import.meta.dirname, '..', '..', '..', '..');
const composeFile = join(root, 'docs', 'deploy', 'compose.yaml');
const APP_SERVICES = ['api1', 'api2', 'worker'];
/** Settings for the tests' stand-ins only: a deployment never sets them. */
const TESTS_ONLY = ['SCHEDULED_JOBS_EVERY_SECONDS', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL', 'REDSYS_URL'];
const REQUIRED = [
  'POSTGRES_PASSWORD=compose1test',
  'PUBLIC_URL=https://cards.example.com',
  'S3_ACCESS_KEY_ID=enlaza',
  'S3_SECRET_ACCESS_KEY=compose-test-secret',
];

const scratch = mkdtempSync(join(tmpdir(), 'enlaza-compose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Resolved = { services: Record<string, { environment?: Record<string, string | null>; command?: string[] }> };

/** `docker-compose config` with this env file (and nothing from the test's environment). */
function composeConfig(envFileLines: string[]): { status: number | null; stdout: string; stderr: string } {
  const envFile = join(scratch, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(envFile, `${envFileLines.join('\n')}\n`);
  const run = spawnSync('docker-compose', ['-f', composeFile, '--env-file', envFile, 'config'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: scratch },
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`docker-compose did not run (apt-get install docker-compose; .ci/run does): ${run.error.message}`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function resolved(envFileLines: string[]): Resolved {
  const run = composeConfig(envFileLines);
  expect(run.stderr).not.toMatch(/ERROR/);
  expect(run.status).toBe(0);
  const json = execFileSync('python3', ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], {
    input: run.stdout,
    encoding: 'utf8',
  });
  return JSON.parse(json) as Resolved;
}

const example = readFileSync(join(root, '.env.example'), 'utf8');
/** Every setting .env.example names, set or commented out (`# STRIPE_SECRET_KEY=…`). */
const exampleSettings = [...new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!))];

describe('the compose file (docs/deploy/compose.yaml)', () => {
  it('is accepted by docker-compose config, and refuses to resolve without the required settings', () => {
    const config = resolved(REQUIRED);
    expect(Object.keys(config.services).sort()).toEqual(['api1', 'api2', 'minio', 'minio-bucket', 'postgres', 'proxy', 'worker']);
    // Every long-running service says when it is healthy (minio-bucket runs once and exits).
    for (const [name, service] of Object.entries(config.services))
      if (name !== 'minio-bucket') expect(service, name).toHaveProperty('healthcheck');
    for (const setting of REQUIRED.map((line) => line.split('=')[0]!)) {
      const run = composeConfig(REQUIRED.filter((line) => !line.startsWith(`${setting}=`)));
      expect(run.status, setting).not.toBe(0);
      expect(run.stderr).toContain(`set ${setting}`);
    }
  });

  it('passes every setting of .env.example to the API processes and the worker', () => {
    const config = resolved(REQUIRED);
    const wanted = exampleSettings.filter((name) => !TESTS_ONLY.includes(name));
    for (const service of APP_SERVICES) {
      const environment = config.services[service]?.environment ?? {};
      expect(
        wanted.filter((name) => !(name in environment)),
        `settings missing from ${service}`,
      ).toEqual([]);
    }
  });

  it('gives the app settings it accepts, from .env.example as it is, keeping the deployment’s own', () => {
    // A copy of .env.example used as the env file, the quick way docs/operations.md shows.
    const config = resolved([example, ...REQUIRED]);
    const environment = config.services.api1?.environment ?? {};
    const parsed = envSchema.safeParse(environment);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
    expect(environment).toMatchObject({
      DATABASE_URL: 'postgres://enlaza:compose1test@postgres:5432/enlaza',
      DATA_DIR: '/data',
      TRUST_PROXY: '1',
      WORKERS: 'off',
      PORT: '3000',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'enlaza',
    });
  });

  it("runs the repo's nginx site with its upstreams pointed at the two API services", () => {
    const command = resolved(REQUIRED).services.proxy?.command?.at(-1) ?? '';
    // The command's first step (sed) on docs/deploy/nginx.conf, as the proxy container runs it.
    const sed = command.split(' > ')[0]!.replace('/etc/enlaza/nginx.conf', join(root, 'docs', 'deploy', 'nginx.conf'));
    const site = execFileSync('sh', ['-c', sed], { encoding: 'utf8' });
    expect(site).toContain('server api1:3000;');
    expect(site).toContain('server api2:3000;');
    expect(site).not.toMatch(/server 127\.0\.0\.1:/);
  });
});
