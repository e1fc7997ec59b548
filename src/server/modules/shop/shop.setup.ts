import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serveOnLoopback } from '../../http/loopback';
import type { Logger } from '../../logger';
import { createShopEmulatorRouter } from '../../shop-emulator/emulator.router';
import { createShopConnector, type ShopConnector } from './shop.connector';

export interface ShopSetup {
  connector: ShopConnector;
  close(): Promise<void>;
}

/** Stand-in keys of the emulator: not secrets. */
const EMULATOR_KEYS = { consumerKey: 'ck_shop_emulator', consumerSecret: 'cs_shop_emulator' };

/**
 * The shop client of this process: the real shop's REST API at SHOP_URL once its keys are set;
 * otherwise the emulator on a loopback port (server, worker, CLI and tests alike), said in the log.
 */
export async function setUpShop(env: Pick<Env, 'SHOP_URL' | 'SHOP_CONSUMER_KEY' | 'SHOP_CONSUMER_SECRET' | 'SHOP_TIMEOUT_MS'>, db: Db, log: Logger): Promise<ShopSetup> {
  const common = { timeoutMs: env.SHOP_TIMEOUT_MS, log };
  if (env.SHOP_CONSUMER_KEY && env.SHOP_CONSUMER_SECRET) {
    const connector = createShopConnector({ ...common, mode: 'remote', baseUrl: env.SHOP_URL, consumerKey: env.SHOP_CONSUMER_KEY, consumerSecret: env.SHOP_CONSUMER_SECRET });
    return { connector, close: async () => {} };
  }
  const emulator = await serveOnLoopback(createShopEmulatorRouter({ db, ...EMULATOR_KEYS, log }));
  log.info({ url: emulator.url }, 'no shop API keys configured: the shop emulator answers coupon calls');
  return { connector: createShopConnector({ ...common, mode: 'emulator', baseUrl: emulator.url, ...EMULATOR_KEYS }), close: () => emulator.close() };
}
