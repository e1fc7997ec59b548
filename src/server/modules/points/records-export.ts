import type { Writable } from 'node:stream';
import type { Language } from '../../../shared/languages';
import { formatDateTime } from '../../../shared/money';
import { formatPoints, type ExportEncoding, type LedgerKind, type usageTaskTypes } from '../../../shared/points';
import { writeCsv } from '../../csv';
import type { Deps } from '../../deps';
import type { Account } from './ledger.service';
import { counterpartNames, recordsForExport, type RecordKind, type UsageLine } from './records.service';

/**
 * Column headings and entry kinds in the viewer's language (the CSV is read outside the portal); a
 * Big5 file always in Traditional Chinese (csvLanguage), the only language Big5 holds whole.
 */
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

/** The usage lines' headings and task names, as /point-record shows them. */
const usageTexts: Record<Language, { columns: string[]; tasks: Record<(typeof usageTaskTypes)[number] | 'other', string> }> = {
  'zh-TW': { columns: ['日期', '工作', '專案類型', '使用點數', '經辦人'], tasks: { training: '模型訓練', prediction: '預測', other: '平台使用' } },
  en: { columns: ['Date', 'Job', 'Project type', 'Points used', 'By'], tasks: { training: 'Model training', prediction: 'Prediction', other: 'Platform usage' } },
  'zh-CN': { columns: ['日期', '任务', '项目类型', '使用点数', '经办人'], tasks: { training: '模型训练', prediction: '预测', other: '平台使用' } },
  ja: { columns: ['日時', 'ジョブ', 'プロジェクト種別', '使用ポイント', '担当'], tasks: { training: 'モデルの学習', prediction: '推論', other: 'プラットフォームの利用' } },
};

const projectTypeNames: Record<number, string> = { 0: 'Data', 1: 'Video', 2: 'Image', 3: 'Formula', 9: 'M Point' };

/**
 * The language a CSV's own texts are written in: Big5 is a Traditional Chinese encoding (Simplified
 * Chinese and Japanese characters become '?' in it), so a Big5 file is in zh-TW whatever the viewer
 * reads; a UTF-8 file is in the viewer's language.
 */
function csvLanguage(encoding: ExportEncoding, viewerLanguage: Language): Language {
  return encoding === 'big5' ? 'zh-TW' : viewerLanguage;
}

export interface ExportOptions {
  kind: RecordKind;
  from?: Date;
  to?: Date;
  encoding: ExportEncoding;
  timeZone: string;
  language: Language;
}

/**
 * Writes a records page as CSV to `destination`, streamed (writeCsv): the ledger is read in batches
 * of 500, big5 by default. Resolves when the destination has everything; rejects (and destroys it) on a failure.
 */
export async function writeRecordsCsv(deps: Pick<Deps, 'db'>, account: Account, options: ExportOptions, destination: Writable): Promise<void> {
  const texts = csvTexts[csvLanguage(options.encoding, options.language)];
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
  await writeCsv(rows(), { columns: texts.columns, encoding: options.encoding }, destination);
}

/**
 * Writes /point-record's usage lines (read from the platform beforehand, so that a platform that
 * cannot be read is an error answer, not a broken download) as CSV to `destination`, streamed like
 * the records: points used with 1 decimal, negative as on the page.
 */
export async function writeUsageCsv(lines: Iterable<UsageLine>, options: Omit<ExportOptions, 'kind' | 'from' | 'to'>, destination: Writable): Promise<void> {
  const texts = usageTexts[csvLanguage(options.encoding, options.language)];
  function* rows() {
    for (const line of lines) {
      yield [formatDateTime(line.usedAt, options.timeZone), texts.tasks[line.taskType ?? 'other'], projectTypeNames[line.projectType] ?? String(line.projectType), formatPoints(-line.points), line.by];
    }
  }
  await writeCsv(rows(), { columns: texts.columns, encoding: options.encoding }, destination);
}
