import { useTranslation } from 'react-i18next';
import { BalanceSection } from './balance-section';
import { RecordsSection } from './records-section';
import { UsageSection } from './usage-section';
import { TrialSection } from './trial-section';

/** /management-center/point-record: the balance with its chart and alert, the purchases, trial and bonus points, and the usage on the platform. */
export function PointRecordPage() {
  const { t } = useTranslation('points');
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('records.pointsTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('records.pointsLead')}</p>
      </header>
      <BalanceSection />
      <TrialSection />
      <RecordsSection kind="points" />
      <UsageSection />
    </div>
  );
}
