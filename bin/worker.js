#!/usr/bin/env node
// `npm run worker`: the background jobs alone, from the bundle in dist/server (see built.js).
import { runBuilt } from './built.js';

await runBuilt('worker');
