import { useTranslation } from 'react-i18next';
import { RecordsSection } from './records-section';

/** /management-center/point-transfer-record: the enterprise account's transfers to and from its teams. */
export function PointTransferRecordPage() {
  const { t } = useTranslation('points');
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('records.transfersTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('records.transfersLead')}</p>
      </header>
      <RecordsSection kind="transfers" />
    </div>
  );
}
