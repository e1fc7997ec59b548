import { describe, expect, it } from 'vitest';
import { appRouter } from './router';

interface ProcedureDef {
  output?: unknown;
}

const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures);

describe('the API', () => {
  it('has procedures', () => {
    expect(procedures.length).toBeGreaterThan(20);
  });

  it('declares an output schema on every procedure, so no database row leaves the server as it is', () => {
    const withoutOutput = procedures.filter(([, procedure]) => procedure._def.output === undefined).map(([path]) => path);
    expect(withoutOutput).toEqual([]);
  });
});
