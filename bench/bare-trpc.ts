/**
 * The baseline of `npm run bench`: Express 5 and tRPC 11 with one procedure, no transformer, no
 * middleware, no logging, as a child process like the portal. Every API figure is also reported as
 * a ratio to this, so that the portal's own overhead shows apart from the machine's speed.
 */
import { initTRPC } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';

const t = initTRPC.create();
const router = t.router({ ping: t.procedure.query(() => 'pong' as const) });

const app = express();
app.get('/readyz', (_req, res) => void res.json({ status: 'ready' }));
app.use('/trpc', createExpressMiddleware({ router }));
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
