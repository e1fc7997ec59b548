import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from '../fixtures/database';

/** Migrates one template database; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('databaseTemplate', template);
  return () => dropTemplate(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: import('../fixtures/database').Template;
  }
}
