import type { Page } from '@playwright/test';
import type { ReferenceResources } from '../../src/client/i18n/resources';

/** Every public page of spec section 2 with the page id that names it (common:pages.<id>). */
export const publicRoutes: { path: string; page: keyof ReferenceResources['common']['pages'] }[] = [
  { path: '/', page: 'home' },
  { path: '/401', page: 'unauthorized' },
  { path: '/news', page: 'news' },
  { path: '/news/2', page: 'newsDetail' },
  { path: '/about', page: 'about' },
  { path: '/pricing', page: 'pricing' },
  { path: '/product-intro', page: 'productIntro' },
  { path: '/support', page: 'support' },
  { path: '/support/videos', page: 'supportVideos' },
  { path: '/support/qa', page: 'supportQa' },
  { path: '/term', page: 'term' },
  { path: '/classes-list', page: 'classesList' },
  { path: '/use-case', page: 'useCase' },
  { path: '/video-fixed', page: 'videoFixed' },
  { path: '/video-fixed/vSop', page: 'videoFixedSop' },
  { path: '/video-fixed/vCycle', page: 'videoFixedCycle' },
  { path: '/video-fixed/vCount', page: 'videoFixedCount' },
  { path: '/video-fixed/vAOI', page: 'videoFixedAoi' },
  { path: '/video-dynamic', page: 'videoDynamic' },
  { path: '/data-track', page: 'dataTrack' },
  { path: '/data-track/FeaLost', page: 'dataTrackFeaLost' },
  { path: '/subsidy/cloud-market', page: 'subsidyCloudMarket' },
  { path: '/subsidy/machine-box', page: 'subsidyMachineBox' },
  { path: '/subsidy/low-carbon', page: 'subsidyLowCarbon' },
  { path: '/plan-intro/solution', page: 'planSolution' },
  { path: '/plan-intro/editor', page: 'planEditor' },
  { path: '/plan-intro/tool', page: 'planTool' },
];

/** The pages that show the partner block (spec section 2). */
export const showcasePaths = ['/', '/about', '/support', '/term', '/classes-list', '/use-case', '/video-fixed', '/video-fixed/vSop', '/video-dynamic', '/data-track', '/data-track/FeaLost'];

export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}
