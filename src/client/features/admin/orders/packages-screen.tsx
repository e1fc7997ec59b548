import { useMutation, useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPoints } from '@/shared/money';
import { packageStatus, type PackageForm, type PointPackage } from '@/shared/packages';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { useToast } from '@/client/components/ui/toast';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';
import { queryClient, trpc } from '@/client/trpc';
import { PackageFormFields } from './package-form';

type Editing = { kind: 'new' } | { kind: 'edit'; pkg: PointPackage };

function packageName(pkg: PointPackage): string {
  return pkg.names[currentLanguage()] || pkg.names['zh-TW'] || String(pkg.id);
}

/** Point packages (points_management): every plan with its bonus, a form to add one and to change one. */
export function PackagesScreen() {
  const { t } = useTranslation('orders');
  const showToast = useToast();
  const packages = useQuery(trpc.packages.admin.list.queryOptions());
  const [editing, setEditing] = useState<Editing | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const open = (next: Editing | undefined) => {
    opener.current = next ? (document.activeElement as HTMLElement | null) : opener.current;
    setEditing(next);
  };
  // Back to the button that opened the form once it closes; onto the form's heading when it opens.
  const close = () => {
    setEditing(undefined);
    requestAnimationFrame(() => opener.current?.focus());
  };
  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing]);

  const saved = (pkg: PointPackage, message: 'created' | 'saved') => {
    showToast({ title: t(`packagesAdmin.${message}`, { name: packageName(pkg) }), variant: 'success', duration: 4000 });
    void queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() });
    close();
  };
  const create = useMutation(trpc.packages.admin.create.mutationOptions({ onSuccess: (pkg) => saved(pkg, 'created') }));
  const update = useMutation(trpc.packages.admin.update.mutationOptions({ onSuccess: (pkg) => saved(pkg, 'saved') }));
  const mutation = editing?.kind === 'edit' ? update : create;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('packagesAdmin.title')}
        lead={t('packagesAdmin.lead')}
        actions={
          <Button
            onClick={() => {
              create.reset();
              if (editing?.kind === 'new') close();
              else open({ kind: 'new' });
            }}
            aria-expanded={editing?.kind === 'new'}
          >
            <PlusIcon aria-hidden="true" />
            {t('packagesAdmin.new')}
          </Button>
        }
      />
      {editing ? (
        <section aria-labelledby="package-form-title" className="rounded-lg border border-border bg-card p-4 sm:p-6">
          <h2 id="package-form-title" ref={formHeading} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
            {editing.kind === 'edit' ? t('packagesAdmin.editTitle', { name: packageName(editing.pkg) }) : t('packagesAdmin.newTitle')}
          </h2>
          <PackageFormFields
            key={editing.kind === 'edit' ? editing.pkg.id : 'new'}
            pkg={editing.kind === 'edit' ? editing.pkg : undefined}
            pending={mutation.isPending}
            error={mutation.error}
            onCancel={close}
            onSubmit={(values: PackageForm) => (editing.kind === 'edit' ? update.mutate({ packageId: editing.pkg.id, values }) : create.mutate(values))}
          />
        </section>
      ) : null}
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <ErrorAlert title={errorText(packages.error)} />
      ) : packages.data.length === 0 ? (
        <p className="rounded-lg border border-border bg-card py-10 text-center text-sm text-muted-foreground">{t('packagesAdmin.empty')}</p>
      ) : (
        <Table label={t('packagesAdmin.title')} className="min-w-[56rem]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('packagesAdmin.columns.name')}</TableHead>
              <TableHead>{t('packagesAdmin.columns.type')}</TableHead>
              <TableHead>{t('packagesAdmin.columns.projectType')}</TableHead>
              <TableHead align="right">{t('packagesAdmin.columns.points')}</TableHead>
              <TableHead align="right">{t('packagesAdmin.columns.price')}</TableHead>
              <TableHead align="right">{t('packagesAdmin.columns.bonus')}</TableHead>
              <TableHead>{t('packagesAdmin.columns.status')}</TableHead>
              <TableHead>{t('packagesAdmin.columns.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <tbody>
            {packages.data.map((pkg) => (
              <PackageRow
                key={pkg.id}
                pkg={pkg}
                editing={editing?.kind === 'edit' && editing.pkg.id === pkg.id}
                onEdit={() => {
                  update.reset();
                  if (editing?.kind === 'edit' && editing.pkg.id === pkg.id) close();
                  else open({ kind: 'edit', pkg });
                }}
              />
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

function PackageRow({ pkg, editing, onEdit }: { pkg: PointPackage; editing: boolean; onEdit: () => void }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const name = packageName(pkg);
  const active = pkg.status === packageStatus.active;
  return (
    <TableRow>
      <TableCell className="font-medium">{name}</TableCell>
      <TableCell className="whitespace-nowrap">{t(`packagesAdmin.types.${pkg.type}`)}</TableCell>
      <TableCell className="whitespace-nowrap">{t(`packagesAdmin.projectTypes.${pkg.projectType}` as 'packagesAdmin.projectTypes.9')}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatPoints(pkg.pointsTenths, language)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(pkg.priceMinor, language)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {pkg.bonusTenths === 0
          ? t('packagesAdmin.noBonus')
          : pkg.priceMinor === 0
            ? formatPoints(pkg.bonusTenths, language)
            : t('packagesAdmin.bonusValue', { points: formatPoints(pkg.bonusTenths, language), percent: pkg.bonusPercent })}
      </TableCell>
      <TableCell>
        <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', active ? 'bg-success-soft text-success' : 'bg-muted text-muted-foreground')}>
          {active ? t('packagesAdmin.statuses.active') : t('packagesAdmin.statuses.inactive')}
        </span>
      </TableCell>
      <TableCell>
        <Button variant="outline" size="sm" onClick={onEdit} aria-expanded={editing} aria-label={t('packagesAdmin.editTitle', { name })}>
          <PencilIcon aria-hidden="true" />
          {t('packagesAdmin.edit')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
