import { packageStatus, POINT_PRICE_MINOR } from '../../../shared/packages';
import { projectType } from '../../../shared/points';
import type { Executor } from '../../db/client';
import { addPackagesIfNone } from './packages.service';

/**
 * The plans of spec sections 1 and 9 (issue 10: seeded): a free trial of 2 points, basic 40 and
 * advanced 80 points at 5000 TWD a point. Catalogue, not demo data: added at every start to a
 * database that has no package at all, a deployment's included; staff change them from there.
 */
export function addStandardPackagesIfNone(db: Executor): Promise<void> {
  return addPackagesIfNone(db, [
    {
      names: { 'zh-TW': '基礎方案 40 點', en: 'Basic plan, 40 points', 'zh-CN': '基础方案 40 点', ja: 'ベーシックプラン 40 ポイント' },
      pointsTenths: 400,
      priceMinor: 40 * POINT_PRICE_MINOR,
      projectType: projectType.mPoint,
      type: 'general',
      status: packageStatus.active,
    },
    {
      names: { 'zh-TW': '進階方案 80 點', en: 'Advanced plan, 80 points', 'zh-CN': '进阶方案 80 点', ja: 'アドバンストプラン 80 ポイント' },
      pointsTenths: 800,
      priceMinor: 80 * POINT_PRICE_MINOR,
      projectType: projectType.mPoint,
      type: 'general',
      status: packageStatus.active,
    },
    {
      names: { 'zh-TW': '免費試用 2 點', en: 'Free trial, 2 points', 'zh-CN': '免费试用 2 点', ja: '無料トライアル 2 ポイント' },
      pointsTenths: 20,
      priceMinor: 0,
      projectType: projectType.mPoint,
      type: 'trial',
      status: packageStatus.active,
    },
  ]);
}
