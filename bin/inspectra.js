#!/usr/bin/env node
// The package bin: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
