import { z } from 'zod';

/** system.ping: the cheapest procedure there is, the benchmark's baseline. */
export const pingOutput = z.literal('pong');
