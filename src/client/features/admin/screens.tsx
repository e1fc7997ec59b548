import { BuildingIcon, CloudUploadIcon, CoinsIcon, PackageIcon, FlaskConicalIcon, GalleryHorizontalIcon, GraduationCapIcon, HandshakeIcon, InboxIcon, MailIcon, MonitorPlayIcon, NewspaperIcon, ReceiptTextIcon, ScrollTextIcon, SettingsIcon, TicketPercentIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReferenceResources } from '@/client/i18n/resources';
import { lazyPage, type LazyPage } from '@/client/lib/lazy-page';
import type { ScreenPermission } from './staff-session';

/** A screen id is its address under /admin and its name in `admin:screens.<id>` (menu entry and browser title). */
export type AdminScreenId = keyof ReferenceResources['admin']['screens'];

export interface AdminScreen {
  id: AdminScreenId;
  /** Who may open it: one of the nine permissions or super staff only. The menu hides it from others; the address shows 'you have no permission'. */
  permission: ScreenPermission;
  icon: LucideIcon;
  page: LazyPage<object>;
}

/**
 * Every screen of the back office, in menu order. Adding a screen is one entry here (and its name in
 * the four `admin.json` files): the route, the menu entry and the permission guard follow from it.
 * A screen may have sub-pages under its own address (`/admin/<id>/*`).
 */
export const adminScreens: AdminScreen[] = [
  {
    id: 'staff',
    permission: 'super',
    icon: UsersIcon,
    page: lazyPage(() => import('@/client/features/admin/staff/staff-screen').then((module) => module.StaffScreen), ['validation', 'errors']),
  },
  {
    id: 'audit',
    permission: 'super',
    icon: ScrollTextIcon,
    page: lazyPage(() => import('@/client/features/admin/audit/audit-screen').then((module) => module.AuditScreen), ['validation', 'errors']),
  },
  {
    id: 'messages',
    permission: 'customer_service',
    icon: InboxIcon,
    page: lazyPage(() => import('@/client/features/admin/messages/messages-screen').then((module) => module.MessagesScreen), ['messages', 'validation', 'errors']),
  },
  {
    id: 'security',
    permission: 'super',
    icon: SettingsIcon,
    page: lazyPage(() => import('@/client/features/admin/settings/security-settings-screen').then((module) => module.SecuritySettingsScreen), ['settings', 'validation', 'errors']),
  },
  {
    id: 'accounts',
    permission: 'activate_account',
    icon: BuildingIcon,
    page: lazyPage(() => import('@/client/features/admin/accounts/accounts-screen').then((module) => module.AccountsScreen), ['validation', 'errors']),
  },
  {
    id: 'mail',
    permission: 'super',
    icon: MailIcon,
    page: lazyPage(() => import('@/client/features/admin/staff/mail-settings-screen').then((module) => module.MailSettingsScreen), ['validation', 'errors']),
  },
  {
    id: 'courses',
    permission: 'manage_course',
    icon: GraduationCapIcon,
    page: lazyPage(() => import('@/client/features/admin/courses/courses-screen').then((module) => module.CoursesScreen), ['courses', 'validation', 'errors']),
  },
  {
    id: 'news',
    permission: 'content_management',
    icon: NewspaperIcon,
    page: lazyPage(() => import('@/client/features/admin/content/news-screen').then((module) => module.NewsScreen), ['content', 'validation', 'errors']),
  },
  {
    id: 'banners',
    permission: 'content_management',
    icon: GalleryHorizontalIcon,
    page: lazyPage(() => import('@/client/features/admin/content/banners-screen').then((module) => module.BannersScreen), ['content', 'validation', 'errors']),
  },
  {
    id: 'videos',
    permission: 'content_management',
    icon: MonitorPlayIcon,
    page: lazyPage(() => import('@/client/features/admin/content/videos-screen').then((module) => module.VideosScreen), ['content', 'validation', 'errors']),
  },
  {
    id: 'coupons',
    permission: 'points_management',
    icon: TicketPercentIcon,
    page: lazyPage(() => import('@/client/features/admin/shop/coupons-screen').then((module) => module.CouponsScreen), ['shop', 'validation', 'errors']),
  },
  {
    id: 'agents',
    permission: 'agent_management',
    icon: HandshakeIcon,
    page: lazyPage(() => import('@/client/features/admin/agents/agents-screen').then((module) => module.AgentsScreen), ['accounts', 'validation', 'errors']),
  },
  {
    id: 'trialPoints',
    permission: 'apply_points',
    icon: FlaskConicalIcon,
    page: lazyPage(() => import('@/client/features/admin/points/trial-screen').then((module) => module.TrialScreen), ['points', 'validation', 'errors']),
  },
  {
    id: 'accountPoints',
    permission: 'points_management',
    icon: CoinsIcon,
    page: lazyPage(() => import('@/client/features/admin/points/account-points-screen').then((module) => module.AccountPointsScreen), ['points', 'validation', 'errors']),
  },
  {
    id: 'packages',
    permission: 'points_management',
    icon: PackageIcon,
    page: lazyPage(() => import('@/client/features/admin/orders/packages-screen').then((module) => module.PackagesScreen), ['orders', 'validation', 'errors']),
  },
  {
    id: 'platformDeliveries',
    permission: 'points_management',
    icon: CloudUploadIcon,
    page: lazyPage(() => import('@/client/features/admin/points/deliveries-screen').then((module) => module.DeliveriesScreen), ['points', 'validation', 'errors']),
  },
  {
    id: 'orders',
    permission: ['confirm_order', 'confirm_payment'],
    icon: ReceiptTextIcon,
    page: lazyPage(() => import('@/client/features/admin/orders/orders-screen').then((module) => module.OrdersScreen), ['orders', 'validation', 'errors']),
  },
];
