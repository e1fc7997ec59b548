import { stringify } from 'csv-stringify';
import iconv from 'iconv-lite';
import { Readable, type Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '../../../shared/languages';
import { formatDateTime } from '../../../shared/money';
import { formatPoints, type ExportEncoding, type LedgerKind } from '../../../shared/points';
import type { Deps } from '../../deps';
import type { Account } from './ledger.service';
import { counterpartNames, recordsForExport, type RecordKind } from './records.service';

/** Column headings and entry kinds in the viewer's language (the CSV is read outside the portal). */
const csvTexts: Record<Language, { columns: string[]; kinds: Record<LedgerKind, string>; paid: [string, string] }> = {
  'zh-TW': {
    columns: ['日期', '類別', '專案類型', '點數', '已付款', '訂單編號', '對象', '說明', '經辦人'],
    kinds: { purchase: '購買', trial: '試用點數', bonus: '贈送點數', transferOut: '轉出', transferIn: '轉入' },
    paid: ['是', '否'],
  },
  en: {
    columns: ['Date', 'Kind', 'Project type', 'Points', 'Paid', 'Order', 'Counterpart', 'Reason', 'By'],
    kinds: { purchase: 'Purchase', trial: 'Trial points', bonus: 'Bonus points', transferOut: 'Transfer out', transferIn: 'Transfer in' },
    paid: ['Y', 'N'],
  },
  'zh-CN': {
    columns: ['日期', '类别', '项目类型', '点数', '已付款', '订单编号', '对象', '说明', '经办人'],
    kinds: { purchase: '购买', trial: '试用点数', bonus: '赠送点数', transferOut: '转出', transferIn: '转入' },
    paid: ['是', '否'],
  },
  ja: {
    columns: ['日時', '種類', 'プロジェクト種別', 'ポイント', '支払済', '注文番号', '相手', '理由', '担当'],
    kinds: { purchase: '購入', trial: 'トライアルポイント', bonus: 'ボーナスポイント', transferOut: '振替（出）', transferIn: '振替（入）' },
    paid: ['はい', 'いいえ'],
  },
};

const projectTypeNames: Record<number, string> = { 0: 'Data', 1: 'Video', 2: 'Image', 3: 'Formula', 9: 'M Point' };

export interface ExportOptions {
  kind: RecordKind;
  from?: Date;
  to?: Date;
  encoding: ExportEncoding;
  timeZone: string;
  language: Language;
}

/**
 * Writes a records page as CSV to `destination`, streamed: the ledger is read in batches of 500,
 * each row goes through csv-stringify and then iconv-lite (big5 by default), so the file is never
 * built in memory. Resolves when the destination has everything; rejects (and destroys it) on a failure.
 */
export async function writeRecordsCsv(deps: Pick<Deps, 'db'>, account: Account, options: ExportOptions, destination: Writable): Promise<void> {
  const texts = csvTexts[options.language];
  const names = await counterpartNames(deps.db, account, options.kind);
  // The name for people, the id for matching against the platform's records.
  const counterpart = (id: string | null) => (id === null ? '' : names.has(id) ? `${names.get(id)} (${id})` : id);
  async function* rows() {
    for await (const entry of recordsForExport(deps, account, options.kind, options)) {
      yield [
        formatDateTime(entry.createdAt, options.timeZone),
        texts.kinds[entry.kind as LedgerKind],
        projectTypeNames[entry.projectType] ?? String(entry.projectType),
        formatPoints(entry.points),
        entry.isRemit ? texts.paid[0] : texts.paid[1],
        entry.orderId ?? '',
        counterpart(entry.counterpart),
        entry.reason ?? '',
        entry.createdBy,
      ];
    }
  }
  const csv = stringify({ header: true, columns: texts.columns, bom: options.encoding === 'utf8' });
  if (options.encoding === 'utf8') await pipeline(Readable.from(rows()), csv, destination);
  // csv-stringify emits UTF-8 bytes; decoding them as a stream keeps characters split across chunks whole.
  else await pipeline(Readable.from(rows()), csv, iconv.decodeStream('utf8') as unknown as Transform, iconv.encodeStream('big5') as unknown as Transform, destination);
}
