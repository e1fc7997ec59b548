#!/usr/bin/env node
// `npm start`: the portal's server, from the bundle in dist/server (see built.js).
import { runBuilt } from './built.js';

await runBuilt('start');
