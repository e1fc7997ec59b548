import type { Executor } from '../../db/client';
import { banners, supportVideos } from '../../db/schema';
import { newsStatus } from '../../../shared/content';
import { insertMedia } from './content.repository';

/** The six platform tutorials of /support/videos, in the four languages (they play in the platform's help centre). */
const tutorials = [
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/start',
    minutes: 6,
    translations: {
      "zh-TW": { title: "入門：建立第一個專案", description: "建立專案、選擇專案類型，並上傳產線的影像或影片。" },
      "en": { title: "Getting started: your first project", description: "Create a project, choose its type, and upload images or video from your line." },
      "zh-CN": { title: "入门：创建第一个项目", description: "创建项目、选择项目类型，并上传产线的图像或视频。" },
      "ja": { title: "はじめに：最初のプロジェクト", description: "プロジェクトを作成し、種類を選び、ラインの画像や動画をアップロードします。" },
    },
  },
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/label',
    minutes: 9,
    translations: {
      "zh-TW": { title: "用方框與輪廓標註瑕疵", description: "快速標註、使用鍵盤快捷鍵，並由審核者確認標註結果。" },
      "en": { title: "Labelling defects with boxes and outlines", description: "Draw labels quickly, use keyboard shortcuts, and have a reviewer accept the work." },
      "zh-CN": { title: "用方框与轮廓标注缺陷", description: "快速标注、使用键盘快捷键，并由审核者确认标注结果。" },
      "ja": { title: "ボックスと輪郭で不良にラベル付け", description: "素早いラベル付け、キーボードショートカット、レビュー担当による承認。" },
    },
  },
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/train',
    minutes: 8,
    translations: {
      "zh-TW": { title: "訓練與判讀結果", description: "開始訓練、查看使用的點數，並判讀各類別準確率與混淆矩陣。" },
      "en": { title: "Training and reading the results", description: "Start training, see how many points it uses, and read accuracy per class and the confusion matrix." },
      "zh-CN": { title: "训练与解读结果", description: "开始训练、查看消耗的点数，并解读各类别准确率与混淆矩阵。" },
      "ja": { title: "学習と結果の読み方", description: "学習の開始、消費ポイントの確認、クラス別精度と混同行列の読み方。" },
    },
  },
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/sop',
    minutes: 11,
    translations: {
      "zh-TW": { title: "建立 SOP 作業合規專案", description: "標註一個循環的各個步驟、設定順序，並用錄影測試。" },
      "en": { title: "Setting up an SOP compliance project", description: "Label the steps of a cycle, set their order, and test on recorded video." },
      "zh-CN": { title: "创建 SOP 作业合规项目", description: "标注一个循环的各个步骤、设置顺序，并用录像测试。" },
      "ja": { title: "SOP 遵守プロジェクトの設定", description: "1 サイクルの各ステップにラベルを付け、順序を設定し、録画で検証します。" },
    },
  },
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/count',
    minutes: 7,
    translations: {
      "zh-TW": { title: "區域計數", description: "畫出計數區域、設定班別總數並匯出計數結果。" },
      "en": { title: "Counting with zones", description: "Draw counting zones, set shift totals and export the counts." },
      "zh-CN": { title: "区域计数", description: "画出计数区域、设置班次总数并导出计数结果。" },
      "ja": { title: "エリア別カウント", description: "カウントエリアを描き、シフトの合計を設定し、結果を出力します。" },
    },
  },
  {
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/deploy',
    minutes: 10,
    translations: {
      "zh-TW": { title: "在即時相機上執行模型", description: "連接相機、開始預測，並將結果傳送到您的系統。" },
      "en": { title: "Running a model on a live camera", description: "Connect a camera, start prediction and send results to your own systems." },
      "zh-CN": { title: "在实时相机上运行模型", description: "连接相机、开始预测，并将结果发送到您的系统。" },
      "ja": { title: "ライブカメラでモデルを運用", description: "カメラを接続して推論を開始し、結果を自社システムへ送信します。" },
    },
  },
];

const homeBanners = [
  {
    image: '/news/promotion.svg',
    translations: {
      "zh-TW": { title: "年終加贈：12 月購買進階方案多送 10% 點數", alt: "進階方案點數加贈活動的橫幅", link: '/pricing' },
      "en": { title: "Year-end bonus: 10% more points on the Advanced plan in December", alt: "Banner of the Advanced plan bonus", link: '/pricing' },
      "zh-CN": { title: "年终加赠：12 月购买进阶方案多送 10% 点数", alt: "进阶方案点数加赠活动的横幅", link: '/pricing' },
      "ja": { title: "年末特典：12 月はアドバンストプランのポイントが 10% 増量", alt: "アドバンストプランの増量キャンペーンのバナー", link: '/pricing' },
    },
  },
  {
    image: '/news/maintenance.svg',
    translations: {
      "zh-TW": { title: "12 月 5 日凌晨平台例行維護", alt: "平台維護公告的橫幅", link: '/news' },
      "en": { title: "Platform maintenance early on 5 December", alt: "Banner of the maintenance notice", link: '/news' },
      "zh-CN": { title: "12 月 5 日凌晨平台例行维护", alt: "平台维护公告的横幅", link: '/news' },
      "ja": { title: "12 月 5 日未明に定期メンテナンス", alt: "メンテナンスのお知らせのバナー", link: '/news' },
    },
  },
];

/** Demo data (seed): two published home banners and the six tutorials, published, in order. */
export async function addDemoMedia(tx: Executor, now: Date): Promise<void> {
  for (const [index, banner] of homeBanners.entries()) await insertMedia(tx, banners, { ...banner, position: index + 1, status: newsStatus.enabled, createdAt: now, modifiedAt: now });
  for (const [index, video] of tutorials.entries()) await insertMedia(tx, supportVideos, { ...video, position: index + 1, status: newsStatus.enabled, createdAt: now, modifiedAt: now });
}
