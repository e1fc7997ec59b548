import { packageBonus, packageInput, packageStatus, type PackageForm, type PointPackage } from '../../../shared/packages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { countPackages, findPackages, findPackagesForSale, insertPackage, lockPackage, updatePackageRow, type NewPackageRow, type PackageRow } from './packages.repository';

export type { PackageRow };

/** A package as every screen shows it, with its bonus and bonus percent (spec section 3). */
export function toPointPackage(row: PackageRow): PointPackage {
  return {
    id: row.id,
    names: row.names,
    pointsTenths: row.pointsTenths,
    priceMinor: row.priceMinor,
    ...packageBonus(row.pointsTenths, row.priceMinor),
    projectType: row.projectType,
    type: row.type as PointPackage['type'],
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** What a member can buy (and the pricing page shows): active general packages, cheapest first. */
export async function packagesOnSale(deps: Pick<Deps, 'db'>): Promise<PointPackage[]> {
  return (await findPackages(deps.db, { status: packageStatus.active, type: 'general' })).map(toPointPackage);
}

/** The trial plan the pricing page offers: the active trial package, if there is one. */
export async function trialOffer(deps: Pick<Deps, 'db'>): Promise<PointPackage | null> {
  const [row] = await findPackages(deps.db, { type: 'trial', status: packageStatus.active });
  return row ? toPointPackage(row) : null;
}

export async function allPackages(deps: Pick<Deps, 'db'>): Promise<PointPackage[]> {
  return (await findPackages(deps.db)).map(toPointPackage);
}

/** The packages of an order being placed, locked for the placement's transaction. */
export function packagesForOrder(tx: Executor, ids: number[]): Promise<PackageRow[]> {
  return findPackagesForSale(tx, ids);
}

/** A second active trial package breaks the partial unique index: a field error, nothing stored. */
function isSecondActiveTrial(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  return cause?.code === '23505' && cause.constraint === 'point_packages_one_active_trial';
}

async function savingPackage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSecondActiveTrial(error)) throw new AppError('InvalidInput', { fieldErrors: { status: ['validation.packages.oneActiveTrial'] } });
    throw error;
  }
}

/** Staff with points_management create a package; bad input is 'parameter error' with field messages (spec section 5). Audited. */
export async function createPackage(deps: Pick<Deps, 'db' | 'clock'>, form: PackageForm, actor: StaffActor): Promise<PointPackage> {
  const input = packageInput.parse(form);
  const now = deps.clock();
  const row = await savingPackage(() =>
    deps.db.transaction(async (tx) => {
      const created = await insertPackage(tx, { ...input, createdAt: now, updatedAt: now });
      await recordStaffAction(tx, { ...actor, action: 'package.create', target: `package:${created.id}`, after: auditedPackage(created) });
      return created;
    }),
  );
  return toPointPackage(row);
}

/** Staff with points_management edit a package (its price, names, status); audited with what it was. */
export async function updatePackage(deps: Pick<Deps, 'db' | 'clock'>, packageId: number, form: PackageForm, actor: StaffActor): Promise<PointPackage> {
  const input = packageInput.parse(form);
  const row = await savingPackage(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockPackage(tx, packageId);
      if (!before) throw new AppError('NotFound');
      const updated = (await updatePackageRow(tx, packageId, { ...input, updatedAt: deps.clock() }))!;
      await recordStaffAction(tx, { ...actor, action: 'package.update', target: `package:${packageId}`, before: auditedPackage(before), after: auditedPackage(updated) });
      return updated;
    }),
  );
  return toPointPackage(row);
}

/** What the audit log keeps of a package. */
function auditedPackage(row: PackageRow) {
  return { names: row.names, pointsTenths: row.pointsTenths, priceMinor: row.priceMinor, projectType: row.projectType, type: row.type, status: row.status };
}

/** The plans of spec section 1 (basic 40, advanced 80, the free trial of 2 points), added once to an empty table. */
export async function addPackagesIfNone(db: Executor, packages: readonly NewPackageRow[]): Promise<void> {
  if ((await countPackages(db)) > 0) return;
  for (const row of packages) await insertPackage(db, row);
}

/** The one active trial package (spec section 5 'Trial package lookup'); TrialPackageNotFound when there is none. */
export async function activeTrialPackage(db: Executor): Promise<PackageRow> {
  const [row] = await findPackages(db, { type: 'trial', status: packageStatus.active });
  if (!row) throw new AppError('TrialPackageNotFound');
  return row;
}
