import { newsCategory, newsStatus } from '../../../shared/content';
import type { NewNewsRow } from './content.repository';

/** Demo news for a new portal (`seed`): every public category and one hidden item; bodies as paragraphs separated by blank lines. */
export const demoNews: NewNewsRow[] = [
  {
    category: newsCategory.maintenance,
    publishedAt: new Date('2026-11-18T02:00:00Z'),
    coverImage: '/news/maintenance.svg',
    translations: {
      'zh-TW': {
        title: '平台例行維護公告：12 月 5 日（六）02:00–06:00',
        summary: '維護期間無法訓練模型與執行預測，已排程的預測任務會在維護結束後自動續跑。',
        body: '為提升訓練伺服器的 GPU 效能，AI 平台將於 2026/12/05（六）02:00 至 06:00（台北時間）進行例行維護。\n\n維護期間無法登入平台、上傳影像或啟動訓練；會員中心與點數查詢不受影響。維護期間不會扣除任何點數，已排程的預測任務會在維護結束後自動續跑。如有產線緊急需求，請透過客服表單與我們聯繫。',
      },
      en: {
        title: 'Scheduled platform maintenance: Saturday 5 December, 02:00–06:00',
        summary: 'Training and prediction pause during the window; scheduled prediction jobs resume by themselves afterwards.',
        body: 'To upgrade the GPU servers that train your models, the AI platform is under maintenance on Saturday 2026/12/05 from 02:00 to 06:00 (Taipei time).\n\nDuring the window you cannot sign in to the platform, upload images or start training; the management centre and your point balance stay available. No points are deducted during maintenance, and scheduled prediction jobs resume as soon as it ends. If a line needs help urgently, send us the contact form.',
      },
      'zh-CN': {
        title: '平台例行维护公告：12 月 5 日（周六）02:00–06:00',
        summary: '维护期间无法训练模型与执行预测，已排程的预测任务会在维护结束后自动续跑。',
        body: '为提升训练服务器的 GPU 性能，AI 平台将于 2026/12/05（周六）02:00 至 06:00（台北时间）进行例行维护。\n\n维护期间无法登录平台、上传图像或启动训练；会员中心与点数查询不受影响。维护期间不会扣除任何点数，已排程的预测任务会在维护结束后自动续跑。如有产线紧急需求，请通过客服表单与我们联系。',
      },
      ja: {
        title: '定期メンテナンスのお知らせ：12月5日（土）02:00〜06:00',
        summary: 'メンテナンス中は学習と推論が停止します。予約済みの推論ジョブは終了後に自動で再開します。',
        body: '学習用 GPU サーバーの増強のため、2026/12/05（土）02:00〜06:00（台北時間）に AI プラットフォームの定期メンテナンスを行います。\n\nこの間はプラットフォームへのログイン、画像のアップロード、学習の開始ができません。会員センターとポイント残高の確認はご利用いただけます。メンテナンス中にポイントが消費されることはなく、予約済みの推論ジョブは終了後に自動で再開します。緊急のご用件はお問い合わせフォームからご連絡ください。',
      },
    },
  },
  {
    category: newsCategory.newProduct,
    publishedAt: new Date('2026-10-20T01:00:00Z'),
    coverImage: '/news/release.svg',
    translations: {
      'zh-TW': {
        title: 'v1.12 上線：計數專案支援區域計數，週期時間可依工站匯出 CSV',
        summary: '一支相機可同時統計多個輸送帶區域，週期時間分析結果可直接匯入 MES。',
        body: '新版計數專案可在同一個畫面中框選多個區域，分別累計托盤、紙箱或零件數量，並依班別、批號自動歸檔。\n\n週期時間分析新增「依工站匯出 CSV」，每個循環的每個步驟秒數都會列出，方便匯入既有的 MES 或 Excel 報表。升級不需重新訓練模型，也不會額外扣點。',
      },
      en: {
        title: 'v1.12 is live: zone counting and per-station CSV export of cycle times',
        summary: 'One camera now counts several conveyor zones, and cycle-time results go straight into your MES.',
        body: 'Counting projects can now mark several zones in one camera view and keep a separate total of trays, cartons or parts for each, filed by shift and batch.\n\nCycle time analysis adds an export per station: every step of every cycle with its duration in seconds, ready for your MES or a spreadsheet. Existing models keep working without retraining, and the upgrade costs no points.',
      },
      'zh-CN': {
        title: 'v1.12 上线：计数项目支持区域计数，周期时间可按工位导出 CSV',
        summary: '一台相机可同时统计多个输送带区域，周期时间分析结果可直接导入 MES。',
        body: '新版计数项目可在同一画面中框选多个区域，分别累计托盘、纸箱或零件数量，并按班次、批号自动归档。\n\n周期时间分析新增“按工位导出 CSV”，每个循环每个步骤的秒数都会列出，方便导入现有 MES 或 Excel 报表。升级无需重新训练模型，也不会额外扣点。',
      },
      ja: {
        title: 'v1.12 リリース：エリア別カウントと工程別サイクルタイムの CSV 出力',
        summary: '1 台のカメラで複数のコンベアエリアを個別にカウントし、サイクルタイムを MES へ取り込めます。',
        body: 'カウントプロジェクトで、1 つの画面に複数のエリアを設定し、トレー・箱・部品の数をエリアごとに集計できるようになりました。結果はシフトとロットごとに保存されます。\n\nサイクルタイム分析には工程別の CSV 出力を追加しました。各サイクルの各ステップの秒数が一覧になり、MES や表計算ソフトにそのまま取り込めます。既存モデルの再学習は不要で、ポイントも消費しません。',
      },
    },
  },
  {
    category: newsCategory.latest,
    publishedAt: new Date('2026-09-15T01:00:00Z'),
    coverImage: '/news/event.svg',
    translations: {
      'zh-TW': {
        title: '台北自動化工業展：現場示範 30 分鐘完成瑕疵檢測模型',
        summary: '帶著您的樣品來攤位，工程師現場標註、訓練並示範檢測結果。',
        body: '我們在今年的台北自動化工業展設置示範產線：一台工業相機、一條小型輸送帶，以及參觀者帶來的樣品。\n\n應用工程師會在 30 分鐘內完成影像標註、模型訓練與線上檢測，並說明點數如何計算。想預約專人時段，請在客服表單選擇「預約展示」。',
      },
      en: {
        title: 'Taipei automation show: a defect-detection model in 30 minutes, live',
        summary: 'Bring your own samples to our booth and watch an engineer label, train and inspect them on the spot.',
        body: 'At this year’s Taipei automation show our booth runs a small demo line: an industrial camera, a short conveyor and the samples visitors bring along.\n\nAn application engineer labels the images, trains a model and runs it on the line within 30 minutes, and explains how the points for training and prediction add up. To book a time slot, choose “Request a demo” on the contact form.',
      },
      'zh-CN': {
        title: '台北自动化工业展：现场演示 30 分钟完成缺陷检测模型',
        summary: '带上您的样品来展位，工程师现场标注、训练并演示检测结果。',
        body: '我们在今年的台北自动化工业展设置了演示产线：一台工业相机、一条小型输送带，以及参观者带来的样品。\n\n应用工程师会在 30 分钟内完成图像标注、模型训练与在线检测，并说明点数如何计算。想预约专人时段，请在客服表单选择“预约演示”。',
      },
      ja: {
        title: '台北オートメーション展：30 分で外観検査モデルを作る実演',
        summary: 'サンプルをブースにお持ちください。エンジニアがその場でラベル付け・学習・検査を行います。',
        body: '今年の台北オートメーション展では、産業用カメラと小型コンベアのデモラインを用意し、来場者にお持ちいただいたサンプルで実演します。\n\nアプリケーションエンジニアが 30 分以内に画像のラベル付け、モデルの学習、ライン上での検査までを行い、学習と推論のポイント計算もご説明します。時間帯のご予約は、お問い合わせフォームで「デモの依頼」をお選びください。',
      },
    },
  },
  {
    category: newsCategory.promotion,
    publishedAt: new Date('2026-08-01T01:00:00Z'),
    coverImage: '/news/promotion.svg',
    translations: {
      'zh-TW': {
        title: '進階方案加贈一堂 3 小時實作課程',
        summary: '年底前購買進階方案（80 點），即可為團隊預約一堂線上或實體實作課。',
        body: '即日起至 2026/12/31，購買進階方案（80 點）的企業帳號，可為最多 15 位同仁預約一堂 3 小時的實作課程，上課方式可選線上或到廠。\n\n課程內容依您的專案類型安排：資料類、影像類或兩者兼具。課程本身不扣點；學員在課堂上訓練模型所用的時數，依實際使用扣點。',
      },
      en: {
        title: 'Advanced plan comes with a free three-hour hands-on class',
        summary: 'Buy the Advanced plan (80 points) before the end of the year and book a class for your team, online or on site.',
        body: 'Until 2026/12/31, every enterprise account that buys the Advanced plan (80 points) can book one three-hour hands-on class for up to 15 colleagues, online or at your plant.\n\nThe class follows your project type: data, imaging or both. The class itself costs no points; the training hours attendees use in class are deducted as usual.',
      },
      'zh-CN': {
        title: '进阶方案加赠一堂 3 小时实操课程',
        summary: '年底前购买进阶方案（80 点），即可为团队预约一堂线上或线下实操课。',
        body: '即日起至 2026/12/31，购买进阶方案（80 点）的企业账号，可为最多 15 位同事预约一堂 3 小时的实操课程，上课方式可选线上或到厂。\n\n课程内容按您的项目类型安排：数据类、图像类或两者兼具。课程本身不扣点；学员在课堂上训练模型所用的时数，按实际使用扣点。',
      },
      ja: {
        title: 'アドバンストプラン購入で 3 時間の実習講座を無料提供',
        summary: '年内にアドバンストプラン（80 ポイント）をご購入いただくと、チーム向け講座をオンラインまたは工場で予約できます。',
        body: '2026/12/31 までにアドバンストプラン（80 ポイント）をご購入の企業アカウントは、最大 15 名向けの 3 時間の実習講座を 1 回予約できます。オンラインまたは貴社工場での開催を選べます。\n\n内容はプロジェクトの種類（データ系、画像系、または両方）に合わせます。講座自体はポイントを消費しませんが、受講中に行う学習の時間は通常どおり差し引かれます。',
      },
    },
  },
  {
    category: newsCategory.latest,
    publishedAt: new Date('2026-06-12T01:00:00Z'),
    coverImage: '/news/story.svg',
    translations: {
      'zh-TW': {
        title: '客戶案例：連接器廠以 AOI 模型取代兩班人工目檢',
        summary: '品保工程師自行標註 1,200 張影像，三週內讓漏檢率從 2.1% 降到 0.3%。',
        body: '一家中部連接器廠過去靠兩班人工目檢端子的刮傷與缺 pin。品保工程師在 Inspectra 上傳 1,200 張產線影像，花兩天完成標註，訓練 6 小時後模型即可上線。\n\n三週的並行驗證中，漏檢率由 2.1% 降到 0.3%，目檢人員轉為複判 NG 品。整個專案使用 40 點基本方案，尚有點數供後續新品號訓練。',
      },
      en: {
        title: 'Customer story: a connector maker replaces two shifts of manual inspection with an AOI model',
        summary: 'Its quality engineers labelled 1,200 images themselves; in three weeks missed defects fell from 2.1% to 0.3%.',
        body: 'A connector plant in central Taiwan used to rely on two shifts of visual checks for scratched terminals and missing pins. Its quality engineers uploaded 1,200 line images to Inspectra, labelled them in two days, and had a model on the line after six hours of training.\n\nDuring three weeks of parallel checks, missed defects fell from 2.1% to 0.3%, and the inspectors now review only the parts the model rejects. The project ran on the 40-point Basic plan, with points left to train new part numbers.',
      },
      'zh-CN': {
        title: '客户案例：连接器厂以 AOI 模型取代两班人工目检',
        summary: '品保工程师自行标注 1,200 张图像，三周内漏检率从 2.1% 降到 0.3%。',
        body: '一家台湾中部的连接器厂过去依靠两班人工目检端子划伤与缺针。品保工程师在 Inspectra 上传 1,200 张产线图像，用两天完成标注，训练 6 小时后模型即可上线。\n\n三周的并行验证中，漏检率由 2.1% 降到 0.3%，目检人员转为复判 NG 品。整个项目使用 40 点基础方案，尚有点数用于后续新料号训练。',
      },
      ja: {
        title: '導入事例：コネクタメーカーが 2 交代の目視検査を AOI モデルに置き換え',
        summary: '品質保証エンジニアが自ら 1,200 枚にラベルを付け、3 週間で見逃し率を 2.1% から 0.3% に削減。',
        body: '台湾中部のコネクタ工場では、端子の傷やピン欠けを 2 交代の目視検査で確認していました。品質保証エンジニアがライン画像 1,200 枚を Inspectra にアップロードし、2 日でラベル付けを終え、6 時間の学習でモデルをラインに載せました。\n\n3 週間の並行検証で見逃し率は 2.1% から 0.3% に下がり、検査員はモデルが NG とした品物の再判定に集中できるようになりました。プロジェクトは 40 ポイントのベーシックプランで運用され、新しい品番の学習に使えるポイントも残っています。',
      },
    },
  },
  {
    category: newsCategory.newProduct,
    publishedAt: new Date('2026-04-08T01:00:00Z'),
    coverImage: '/news/release.svg',
    translations: {
      'zh-TW': {
        title: 'SOP 合規檢查新增「步驟順序」即時警示',
        summary: '作業員跳過或對調步驟時，工站螢幕立即提示，並保存該循環的影片片段。',
        body: 'SOP 專案現在可以設定每個步驟的先後順序。當作業員跳過鎖附、或先貼標再檢查時，工站螢幕會在該循環內亮起提示。\n\n每一次偏差都會保存前後 10 秒的影片，班長可以在報表中直接點開檢視，不必再從整班錄影中尋找。',
      },
      en: {
        title: 'SOP compliance now warns about the order of steps in real time',
        summary: 'When an operator skips or swaps a step, the station screen says so at once and keeps the clip of that cycle.',
        body: 'SOP projects can now define the order of the steps. When an operator skips a screw-fastening step or labels before checking, the station screen lights up within the same cycle.\n\nEvery deviation keeps the ten seconds of video around it, so a supervisor opens it straight from the report instead of searching a whole shift of recordings.',
      },
      'zh-CN': {
        title: 'SOP 合规检查新增“步骤顺序”实时警示',
        summary: '作业员跳过或调换步骤时，工位屏幕立即提示，并保存该循环的视频片段。',
        body: 'SOP 项目现在可以设置各步骤的先后顺序。当作业员跳过锁付，或先贴标再检查时，工位屏幕会在该循环内亮起提示。\n\n每一次偏差都会保存前后 10 秒的视频，班长可以在报表中直接打开查看，不必再从整班录像中查找。',
      },
      ja: {
        title: 'SOP 遵守チェックに「作業順序」のリアルタイム警告を追加',
        summary: '作業者が手順を飛ばしたり入れ替えたりすると、工程の画面にすぐ表示され、そのサイクルの映像が保存されます。',
        body: 'SOP プロジェクトで各ステップの順序を設定できるようになりました。ねじ締めを飛ばしたり、検査前にラベルを貼ったりすると、同じサイクル内で工程の画面に警告が表示されます。\n\n逸脱ごとに前後 10 秒の映像が保存され、班長はレポートから直接確認できます。1 シフト分の録画を探す必要はありません。',
      },
    },
  },
  {
    category: newsCategory.latest,
    publishedAt: new Date('2026-02-16T01:00:00Z'),
    coverImage: '/news/classes.svg',
    translations: {
      'zh-TW': {
        title: '春季實作課程開放報名：從標註到上線的一日流程',
        summary: '線上或實體小班制，每班 3 至 15 人，每堂最長 3 小時。',
        body: '春季課程帶學員從自家產線影像出發，走完一次標註、訓練、評估與部署的完整流程。\n\n課程分為資料類與影像類兩條路線，也可兩者合併。企業可透過客服表單選擇「課程詢問」，告知人數與上課方式，我們會安排時段。',
      },
      en: {
        title: 'Spring hands-on classes: from labelling to a model on the line',
        summary: 'Small groups of 3 to 15, online or in person, up to three hours a class.',
        body: 'The spring classes take attendees from images of their own line through labelling, training, evaluation and deployment, once, end to end.\n\nThere is a data track and an imaging track, or both combined. Choose “Course inquiry” on the contact form, tell us the number of attendees and the class mode, and we will schedule a slot.',
      },
      'zh-CN': {
        title: '春季实操课程开放报名：从标注到上线的完整流程',
        summary: '线上或线下小班制，每班 3 至 15 人，每堂最长 3 小时。',
        body: '春季课程带学员从自家产线图像出发，走完一次标注、训练、评估与部署的完整流程。\n\n课程分为数据类与图像类两条路线，也可两者合并。企业可通过客服表单选择“课程咨询”，告知人数与上课方式，我们会安排时段。',
      },
      ja: {
        title: '春の実習講座の受付開始：ラベル付けからライン導入まで',
        summary: 'オンラインまたは対面の少人数制、1 クラス 3〜15 名、1 回最長 3 時間。',
        body: '春の講座では、自社ラインの画像を使って、ラベル付け・学習・評価・導入までの流れを一通り体験します。\n\nデータ系と画像系の 2 コースがあり、両方を組み合わせることもできます。お問い合わせフォームで「講座のお問い合わせ」を選び、人数と受講形式をお知らせください。日程を調整いたします。',
      },
    },
  },
  {
    category: newsCategory.newProduct,
    status: newsStatus.hidden,
    publishedAt: new Date('2026-11-20T01:00:00Z'),
    coverImage: '/news/release.svg',
    translations: {
      'zh-TW': { title: '（草稿）v1.13 預告', summary: '尚未公開。', body: '內部草稿，尚未公開。' },
    },
  },
];
