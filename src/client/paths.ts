import type { Params } from 'react-router';
import type { ReferenceResources } from './i18n/resources';

/*
 * Addresses, page ids and route handles: what pages and the layout need to link and title pages.
 * A leaf module, apart from the route table (routes.tsx), so that no page imports the table that
 * lazily imports every page.
 */

/** Every page name (i18n key `common:pages.<id>`); the browser title is `<page name> | <brand>`. */
export type PageId = keyof ReferenceResources['common']['pages'];

/** The address of every public page (spec section 2). Links use these, never a literal path. */
export const paths = {
  home: '/',
  unauthorized: '/401',
  news: '/news',
  about: '/about',
  pricing: '/pricing',
  productIntro: '/product-intro',
  support: '/support',
  supportVideos: '/support/videos',
  supportQa: '/support/qa',
  term: '/term',
  classesList: '/classes-list',
  useCase: '/use-case',
  videoFixed: '/video-fixed',
  videoFixedSop: '/video-fixed/vSop',
  videoFixedCycle: '/video-fixed/vCycle',
  videoFixedCount: '/video-fixed/vCount',
  videoFixedAoi: '/video-fixed/vAOI',
  videoDynamic: '/video-dynamic',
  dataTrack: '/data-track',
  dataTrackFeaLost: '/data-track/FeaLost',
  subsidyCloudMarket: '/subsidy/cloud-market',
  subsidyMachineBox: '/subsidy/machine-box',
  subsidyLowCarbon: '/subsidy/low-carbon',
  planSolution: '/plan-intro/solution',
  planEditor: '/plan-intro/editor',
  planTool: '/plan-intro/tool',
  signup: '/signup',
  login: '/login',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  memberProfile: '/management-center/member',
  memberSecurity: '/management-center/security',
  pointRecord: '/management-center/point-record',
  pointTransferRecord: '/management-center/point-transfer-record',
  memberCourses: '/management-center/courses',
  buyPoints: '/management-center/buy-points',
  memberOrders: '/management-center/member-order',
  planExchangeRecord: '/management-center/plan-exchange-record',
  teamList: '/management-center/team-list',
  createGroup: '/management-center/create-group',
  groupInfo: '/management-center/group-info',
  teamMembers: '/management-center/team-members',
  teamPointsRecord: '/management-center/team-points-record',
  pointTransfer: '/management-center/point-transfer',
  download: '/management-center/download',
  deviceBinding: '/management-center/device-binding',
  hostInfo: '/management-center/host-info',
} as const satisfies Record<Exclude<PageId, 'notFound' | 'newsDetail' | 'courseDetail' | 'memberOrderDetail'>, string>;

/** A course page (issue 13), linked from the class list. */
export function coursePath(courseId: string): string {
  return `${paths.classesList}/${courseId}`;
}

/** One order of the member's order record. */
export function memberOrderPath(orderId: string): string {
  return `${paths.memberOrders}/${encodeURIComponent(orderId)}`;
}

export type PagePath = keyof typeof paths;

/** The three kinds of /plan-intro/:kind, which share one page. */
export const planKinds = { solution: 'planSolution', editor: 'planEditor', tool: 'planTool' } as const satisfies Record<string, PageId>;
export type PlanKind = keyof typeof planKinds;

export function planKindOf(kind: string | undefined): PlanKind | undefined {
  return kind !== undefined && Object.hasOwn(planKinds, kind) ? (kind as PlanKind) : undefined;
}

/**
 * `handle` of a route: the page whose name titles the browser tab. `null` is the not-found page,
 * titled by the brand alone.
 */
export interface PageHandle {
  page: PageId | null | ((params: Params) => PageId | null);
}

export const pageHandle = (page: PageId): PageHandle => ({ page });

export function pageOfHandle(handle: unknown, params: Params): PageId | null | undefined {
  if (typeof handle !== 'object' || handle === null || !('page' in handle)) return undefined;
  const { page } = handle as PageHandle;
  return typeof page === 'function' ? page(params) : page;
}

/** Pages drawn by the shared topic frame from `pages:<id>`: a lead, optional body and sections. */
export type TopicPageId = Exclude<
  PagePath,
  'home' | 'unauthorized' | 'news' | 'pricing' | 'support' | 'supportVideos' | 'supportQa' | 'term' | 'classesList' | AccountPagePath | TeamPagePath | PlatformPagePath
>;

/** Pages of the team space (management centre), drawn by the teams feature. */
type TeamPagePath = 'teamList' | 'createGroup' | 'groupInfo' | 'teamMembers' | 'teamPointsRecord' | 'pointTransfer' | 'download';

/** Pages of the platform work in the management centre. */
type PlatformPagePath = 'deviceBinding' | 'hostInfo';

/** The chosen team of the team space travels in the address: `?team=<team id>`. */
export const teamQueryKey = 'team';

export function teamPath(page: 'groupInfo' | 'teamMembers' | 'teamPointsRecord' | 'pointTransfer' | 'download', teamId: string): string {
  return `${paths[page]}?${teamQueryKey}=${encodeURIComponent(teamId)}`;
}

/** Pages of the accounts work, drawn by their own components rather than the topic frame. */
type AccountPagePath = 'signup' | 'login' | 'verifyEmail' | 'forgotPassword' | 'resetPassword' | 'memberProfile' | 'memberSecurity' | PointsPagePath | 'memberCourses' | OrderPagePath | 'planExchangeRecord';

/** Pages of the points work in the management centre. */
type PointsPagePath = 'pointRecord' | 'pointTransferRecord';

/** Pages of the orders work, in the management centre. */
type OrderPagePath = 'buyPoints' | 'memberOrders';

/** The member's management centre (spec section 2), outside the page shell. */
export const managementCenterPath = '/management-center';

export function isManagementCenterPath(pathname: string): boolean {
  return pathname === managementCenterPath || pathname.startsWith(`${managementCenterPath}/`);
}

/** The staff back office (issue 12): its own frame, sign-in and session cookie, outside the page shell. */
export const adminPath = '/admin';
export const adminSignInPath = '/admin/sign-in';

/** The address of a back-office screen by its id (the ids are listed once, in features/admin/screens.tsx). */
export function adminScreenPath(id: string): string {
  return `${adminPath}/${id}`;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === adminPath || pathname.startsWith(`${adminPath}/`);
}
