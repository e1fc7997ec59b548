import type { Env } from '../../env';
import { platformDomainKey, platformDomainKeys, type PlatformDomainKey } from '../../../shared/platform';

/**
 * The configuration table of spec section 7: which address answers for each domain_key (cloud A,
 * cloud B, the internal trial cloud, the public trial cloud). With no address set at all the
 * portal runs the emulator (src/server/platform-emulator) and every domain goes to it.
 */
export type PlatformDomainTable = Readonly<Record<PlatformDomainKey, string | undefined>>;

export type PlatformSettings = Pick<
  Env,
  'PLATFORM_CLOUD_A_URL' | 'PLATFORM_CLOUD_B_URL' | 'PLATFORM_TRIAL_INTERNAL_URL' | 'PLATFORM_TRIAL_PUBLIC_URL' | 'PLATFORM_KEY' | 'PLATFORM_TIMEOUT_MS' | 'PLATFORM_READ_RETRIES'
>;

export function configuredDomains(env: PlatformSettings): PlatformDomainTable {
  return {
    [platformDomainKey.cloudA]: env.PLATFORM_CLOUD_A_URL,
    [platformDomainKey.cloudB]: env.PLATFORM_CLOUD_B_URL,
    [platformDomainKey.internalTrial]: env.PLATFORM_TRIAL_INTERNAL_URL,
    [platformDomainKey.publicTrial]: env.PLATFORM_TRIAL_PUBLIC_URL,
  };
}

export function usesEmulator(env: PlatformSettings): boolean {
  const domains = configuredDomains(env);
  return platformDomainKeys.every((key) => !domains[key]);
}

/** Every domain answered by one address (the emulator's). */
export function allDomainsAt(url: string): PlatformDomainTable {
  return Object.fromEntries(platformDomainKeys.map((key) => [key, url])) as Record<PlatformDomainKey, string>;
}

export function isPlatformDomainKey(value: unknown): value is PlatformDomainKey {
  return typeof value === 'string' && (platformDomainKeys as readonly string[]).includes(value);
}
