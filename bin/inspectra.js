#!/usr/bin/env node
// The package bin and `npm run cli`: the CLI, from the bundle in dist/server (see built.js).
import { runBuilt } from './built.js';

await runBuilt('cli');
