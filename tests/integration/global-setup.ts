import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from '../fixtures/database';

/**
 * Builds the server's bundle (dist/server), which the CLI tests run as an operator would, once here
 * so that no test's CLI rebuilds it; then migrates one template database, from which every test
 * file starts.
 */
export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ['bin/built.js'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
  const template = await createTemplate();
  project.provide('databaseTemplate', template);
  return () => dropTemplate(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: import('../fixtures/database').Template;
  }
}
