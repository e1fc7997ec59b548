import type { Language } from '../../../shared/languages';

/** The words of the quotation PDF in each language (the member's language when the order was placed). */
export const quotationTexts: Record<
  Language,
  {
    title: string;
    number: string;
    date: string;
    validUntil: string;
    customer: string;
    company: string;
    taxId: string;
    contact: string;
    phone: string;
    email: string;
    address: string;
    items: string;
    columns: [string, string, string, string, string];
    pointsUnit: string;
    bonus: string;
    total: string;
    remittance: string;
    bank: string;
    accountName: string;
    accountNo: string;
    remittanceNote: string;
    /** A virtual-account order (NEWEBPAY_VACC): paid into its own account, not remitted to ours. */
    virtualAccount: string;
    virtualAccountNote: string;
    virtualAccountPending: string;
    bankCode: string;
    virtualAccountNo: string;
    deadline: string;
    notes: string[];
    signature: string;
    signatureLine: string;
  }
> = {
  'zh-TW': {
    title: '點數報價單',
    number: '報價單號（訂單編號）',
    date: '報價日期',
    validUntil: '有效期限',
    customer: '客戶資料',
    company: '公司名稱',
    taxId: '統一編號',
    contact: '聯絡人',
    phone: '電話',
    email: '電子郵件',
    address: '公司地址',
    items: '訂購內容',
    columns: ['方案', '點數', '單價 (TWD)', '數量', '小計 (TWD)'],
    pointsUnit: '點',
    bonus: '含贈送點數',
    total: '合計 (TWD)',
    remittance: '匯款資訊',
    bank: '銀行',
    accountName: '戶名',
    accountNo: '帳號',
    remittanceNote: '匯款後請於訂單頁面回報匯出帳號末 5 碼，並上傳匯款單。',
    virtualAccount: '付款方式：虛擬帳號',
    virtualAccountNote: '本訂單以專屬虛擬帳號付款：請於繳費期限前，將合計金額轉入訂單頁面顯示的虛擬帳號。入帳後系統會自動確認，無須回報帳號或上傳匯款單。',
    virtualAccountPending: '虛擬帳號核發後會顯示於訂單頁面，並以電子郵件通知。',
    bankCode: '銀行代碼',
    virtualAccountNo: '虛擬帳號',
    deadline: '繳費期限',
    notes: ['1 點可使用 1 小時的模型訓練或預測。', '不同專案的點數分開購買，不得互相兌換。', '購買即表示同意「點數購買條款」。'],
    signature: '客戶簽章',
    signatureLine: '本公司同意上列內容及「點數購買條款」。簽名／公司印鑑：',
  },
  en: {
    title: 'Points quotation',
    number: 'Quotation no. (order)',
    date: 'Date',
    validUntil: 'Valid until',
    customer: 'Customer',
    company: 'Company name',
    taxId: 'Tax ID',
    contact: 'Contact person',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    items: 'Order',
    columns: ['Plan', 'Points', 'Unit price (TWD)', 'Qty', 'Subtotal (TWD)'],
    pointsUnit: 'points',
    bonus: 'including bonus points',
    total: 'Total (TWD)',
    remittance: 'Remittance',
    bank: 'Bank',
    accountName: 'Account name',
    accountNo: 'Account no.',
    remittanceNote: 'After remitting, report the last 5 digits of the paying account on the order page and upload the slip.',
    virtualAccount: 'Payment: virtual account',
    virtualAccountNote: 'This order is paid into its own virtual account: transfer the total to the virtual account shown on the order page before its deadline. The payment is confirmed automatically; there is no account to report and no slip to upload.',
    virtualAccountPending: 'The virtual account is shown on the order page, and mailed to you, once it is issued.',
    bankCode: 'Bank code',
    virtualAccountNo: 'Virtual account no.',
    deadline: 'Pay by',
    notes: ['One point buys one hour of model training or prediction.', 'Points of different projects are bought separately and cannot be exchanged.', 'Buying means accepting the point purchase terms.'],
    signature: 'Customer signature',
    signatureLine: 'We accept this quotation and the point purchase terms. Signature / company seal:',
  },
  'zh-CN': {
    title: '点数报价单',
    number: '报价单号（订单编号）',
    date: '报价日期',
    validUntil: '有效期限',
    customer: '客户资料',
    company: '公司名称',
    taxId: '统一编号',
    contact: '联系人',
    phone: '电话',
    email: '电子邮件',
    address: '公司地址',
    items: '订购内容',
    columns: ['方案', '点数', '单价 (TWD)', '数量', '小计 (TWD)'],
    pointsUnit: '点',
    bonus: '含赠送点数',
    total: '合计 (TWD)',
    remittance: '汇款信息',
    bank: '银行',
    accountName: '户名',
    accountNo: '账号',
    remittanceNote: '汇款后请在订单页面回报汇出账号后 5 位，并上传汇款单。',
    virtualAccount: '付款方式：虚拟账号',
    virtualAccountNote: '本订单以专属虚拟账号付款：请在缴费期限前，将合计金额转入订单页面显示的虚拟账号。入账后系统会自动确认，无须回报账号或上传汇款单。',
    virtualAccountPending: '虚拟账号核发后会显示在订单页面，并以电子邮件通知。',
    bankCode: '银行代码',
    virtualAccountNo: '虚拟账号',
    deadline: '缴费期限',
    notes: ['1 点可使用 1 小时的模型训练或预测。', '不同项目的点数分开购买，不得互相兑换。', '购买即表示同意《点数购买条款》。'],
    signature: '客户签章',
    signatureLine: '本公司同意上列内容及《点数购买条款》。签名／公司印章：',
  },
  ja: {
    title: 'ポイント見積書',
    number: '見積番号（注文番号）',
    date: '見積日',
    validUntil: '有効期限',
    customer: 'お客様情報',
    company: '会社名',
    taxId: '統一編号（税番号）',
    contact: 'ご担当者',
    phone: '電話番号',
    email: 'メールアドレス',
    address: '所在地',
    items: 'ご注文内容',
    columns: ['プラン', 'ポイント', '単価 (TWD)', '数量', '小計 (TWD)'],
    pointsUnit: 'ポイント',
    bonus: 'ボーナスポイントを含む',
    total: '合計（TWD）',
    remittance: 'お振込先',
    bank: '銀行',
    accountName: '口座名義',
    accountNo: '口座番号',
    remittanceNote: 'お振込み後、注文ページで振込元口座の下 5 桁をご報告のうえ、振込明細をアップロードしてください。',
    virtualAccount: 'お支払い方法：バーチャル口座',
    virtualAccountNote: 'このご注文は専用のバーチャル口座でお支払いいただきます。お支払期限までに、注文ページに表示されたバーチャル口座へ合計金額をお振込みください。入金は自動で確認されるため、口座番号のご報告や振込明細のアップロードは不要です。',
    virtualAccountPending: 'バーチャル口座は発行後に注文ページに表示され、メールでもお知らせします。',
    bankCode: '銀行コード',
    virtualAccountNo: 'バーチャル口座番号',
    deadline: 'お支払期限',
    notes: ['1 ポイントでモデルの学習または推論を 1 時間ご利用いただけます。', 'プロジェクトごとのポイントは別々に購入し、相互に交換できません。', 'ご購入によりポイント購入規約に同意したものとみなします。'],
    signature: 'お客様署名',
    signatureLine: '上記内容およびポイント購入規約に同意します。署名／社印：',
  },
};

/** The point purchase terms (the same text as /downloads/inspectra-point-terms.md), in each language. */
export const termsTexts: Record<Language, { title: string; version: string; clauses: string[] }> = {
  'zh-TW': {
    title: '點數購買條款',
    version: '版本 2026-11',
    clauses: [
      '點數用途：1 點可使用 1 小時的模型訓練或預測，依實際使用時間扣除。',
      '價格：每點新台幣 5,000 元；最低購買 40 點。',
      '專案：不同專案的點數分開購買，不得互相兌換、轉換為現金或退款，法律另有規定者除外。',
      '購買流程：下單並下載報價單 → 簽回報價單 → 匯款至報價單所載帳戶並回報帳號末 5 碼 → 本公司確認收款 → 撥入點數並寄送通知信。',
      '點數轉移：企業帳號管理員可將點數轉移給所屬團隊；轉移數量須為正整數。',
      '維護：平台維護期間不扣除點數。',
      '準據法：本條款以中華民國法律為準據法，並以臺灣臺北地方法院為第一審管轄法院。',
    ],
  },
  en: {
    title: 'Point purchase terms',
    version: 'Version 2026-11',
    clauses: [
      'What a point buys: one point buys one hour of model training or prediction, deducted by the time actually used.',
      'Price: NT$5,000 per point; minimum purchase 40 points.',
      'Projects: points of different projects are bought separately and cannot be exchanged, converted to cash or refunded, except where the law requires it.',
      'Purchase: place the order and download the quotation → sign and return it → remit to the account on it and report the last 5 digits of your account → we confirm receipt → we grant the points and mail you.',
      "Transfers: the enterprise account administrator can transfer points to the account's teams, in whole points.",
      'Maintenance: no points are deducted while the platform is under maintenance.',
      'Governing law: these terms are governed by the law of Taiwan, with the Taipei District Court as the court of first instance.',
    ],
  },
  'zh-CN': {
    title: '点数购买条款',
    version: '版本 2026-11',
    clauses: [
      '点数用途：1 点可使用 1 小时的模型训练或预测，按实际使用时间扣除。',
      '价格：每点新台币 5,000 元；最低购买 40 点。',
      '项目：不同项目的点数分开购买，不得互相兑换、转换为现金或退款，法律另有规定者除外。',
      '购买流程：下单并下载报价单 → 签回报价单 → 汇款至报价单所载账户并回报账号后 5 位 → 本公司确认收款 → 拨入点数并发送通知邮件。',
      '点数转移：企业账号管理员可将点数转移给所属团队；转移数量须为正整数。',
      '维护：平台维护期间不扣除点数。',
      '准据法：本条款以台湾地区法律为准据法，并以台湾台北地方法院为第一审管辖法院。',
    ],
  },
  ja: {
    title: 'ポイント購入規約',
    version: '版 2026-11',
    clauses: [
      'ポイントの用途：1 ポイントでモデルの学習または推論を 1 時間ご利用いただけます。実際の利用時間で差し引きます。',
      '価格：1 ポイントあたり 5,000 台湾ドル。最低購入数は 40 ポイントです。',
      'プロジェクト：プロジェクトごとのポイントは別々に購入し、相互の交換、現金化、返金はできません（法令で定める場合を除く）。',
      '購入の流れ：注文して見積書をダウンロード → 署名して返送 → 見積書記載の口座へ振込み、口座番号の下 5 桁を報告 → 当社が入金を確認 → ポイントを付与し、メールでお知らせします。',
      'ポイントの移転：企業アカウントの管理者は、所属チームにポイントを移転できます（整数単位）。',
      'メンテナンス：プラットフォームのメンテナンス中はポイントを差し引きません。',
      '準拠法：本規約は台湾法に準拠し、台湾台北地方裁判所を第一審の管轄裁判所とします。',
    ],
  },
};
