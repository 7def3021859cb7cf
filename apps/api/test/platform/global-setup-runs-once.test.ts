import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';

// vitest runs a global setup in the root project and again, one after the other, in every project
// that has one: a project inheriting the root's options (`extends: true`) inherits its global setup,
// and the bundle and the template databases were built once per project (four times in each CI pass).
describe('the API tests’ global setup', () => {
  const projects = (config.test?.projects ?? []) as { extends?: unknown; test?: { name?: string; globalSetup?: unknown } }[];

  it('is the root project’s', () => {
    expect(config.test?.globalSetup).toEqual(['test/global-setup.ts']);
  });

  it('is in no project, and no project inherits the root’s options', () => {
    expect(projects.map((p) => p.test?.name)).toEqual(['routes', 'pglite-only', 'pure', 'processes']);
    for (const project of projects) {
      expect(project.extends, project.test?.name).toBeUndefined();
      expect(project.test?.globalSetup, project.test?.name).toBeUndefined();
    }
  });
});
