import { z } from 'zod';
import { keyOf } from './enums';
import { languages } from './languages';
import { requiredMessage, requiredText } from './text';

/**
 * The contact form of the support page (spec sections 2 and 5), one schema for the browser and the
 * server. Messages are i18n keys of the `validation` namespace; the client translates them.
 */

/** Inquiry types (spec section 3 'Enumerations'). */
export const inquiryType = { productQuestion: 0, demo: 1, other: 2, course: 3 } as const;
export type InquiryTypeCode = (typeof inquiryType)[keyof typeof inquiryType];
/** Inquiry types a visitor can pick, in the order shown; the product question is hidden. */
export const inquiryTypes = [inquiryType.demo, inquiryType.course, inquiryType.other] as const;

/**
 * What staff read for each inquiry type (the staff mail gives both languages). The contact form's
 * labels are the `messages:types.<code>` translations of the visitor's language.
 */
export const inquiryTypeNames = {
  [inquiryType.productQuestion]: { 'zh-TW': '產品問題', en: 'Product question' },
  [inquiryType.demo]: { 'zh-TW': '預約展示', en: 'Demo request' },
  [inquiryType.other]: { 'zh-TW': '其他', en: 'Other' },
  [inquiryType.course]: { 'zh-TW': '課程詢問', en: 'Course inquiry' },
} as const satisfies Record<InquiryTypeCode, { 'zh-TW': string; en: string }>;

/** The constant's name of an inquiry type ('demo', 'course'...), for listings such as the CLI's. */
export function inquiryTypeKey(code: number): string {
  return keyOf(inquiryType, code) ?? String(code);
}

/** A visitor's name in its own order: family name first without a space in Chinese or Japanese script, given name first otherwise. */
export function visitorName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return /^[\p{Script=Latin}\s'.-]+$/u.test(`${firstName}${lastName}`) ? `${firstName} ${lastName}` : `${lastName}${firstName}`;
}

export const companyIndustries = [
  'autoParts',
  'electronicComponents',
  'machinery',
  'computerElectronicsOptics',
  'baseMetals',
  'chemicalMaterials',
  'other',
] as const;
export const adoptionTimes = ['within3Months', 'within6Months', 'underEvaluation'] as const;
export const attendeeRanges = ['3-5', '6-10', '10-15'] as const;
export const classModes = ['inPerson', 'online'] as const;
export const courseContents = ['data', 'imaging', 'both'] as const;

/** Reply status of a contact message (spec section 3): open on creation, replied once staff answered. */
export const replyStatus = { open: 0, replied: 1 } as const;

/** 'open' or 'replied'. */
export function replyStatusKey(code: number): string {
  return keyOf(replyStatus, code) ?? String(code);
}

export const contactLimits = { name: 50, email: 254, phone: 30, description: 2000 } as const;

const required = requiredMessage;
const text = requiredText;

function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: required });
}

export const contactMessageInput = z
  .object({
    firstName: text(contactLimits.name),
    lastName: text(contactLimits.name),
    email: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(contactLimits.email, { error: `validation.tooLong.${contactLimits.email}` })
      .pipe(z.email({ error: 'validation.email' }))
      .transform((value) => value.toLowerCase()),
    phone: text(contactLimits.phone).refine((value) => /^\+?[\d\s()-]{6,}$/.test(value), {
      error: 'validation.phone',
    }),
    type: z.union(inquiryTypes.map((value) => z.literal(value)), { error: required }),
    description: text(contactLimits.description),
    companyIndustry: choice(companyIndustries).optional(),
    adoptionTime: choice(adoptionTimes).optional(),
    attendees: choice(attendeeRanges).optional(),
    classMode: choice(classModes).optional(),
    courseContent: choice(courseContents).optional(),
  })
  .superRefine((value, ctx) => {
    const needs: Array<keyof typeof value> =
      value.type === inquiryType.demo ? ['companyIndustry', 'adoptionTime'] : value.type === inquiryType.course ? ['attendees', 'classMode', 'courseContent'] : [];
    for (const field of needs) {
      if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: required });
    }
  })
  .transform((value) => ({
    ...value,
    // Keep only the extra fields of the chosen type, so a switched type leaves nothing stale behind.
    companyIndustry: value.type === inquiryType.demo ? value.companyIndustry : undefined,
    adoptionTime: value.type === inquiryType.demo ? value.adoptionTime : undefined,
    attendees: value.type === inquiryType.course ? value.attendees : undefined,
    classMode: value.type === inquiryType.course ? value.classMode : undefined,
    courseContent: value.type === inquiryType.course ? value.courseContent : undefined,
  }));

export type ContactMessageForm = z.input<typeof contactMessageInput>;
export type ContactMessageInput = z.output<typeof contactMessageInput>;

/** The form's starting values: the first option of every list (spec section 2). */
export const contactFormDefaults: ContactMessageForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  type: inquiryTypes[0],
  description: '',
  companyIndustry: companyIndustries[0],
  adoptionTime: adoptionTimes[0],
  attendees: attendeeRanges[0],
  classMode: classModes[0],
  courseContent: courseContents[0],
};

const replyStatusCode = z.union([z.literal(replyStatus.open), z.literal(replyStatus.replied)]);

/** Where the next page of the inbox starts: the last message of the page before (newest first). */
export const contactListCursor = z.object({ createdAt: z.date(), id: z.number().int().positive() });
export type ContactListCursor = z.output<typeof contactListCursor>;

/** The staff inbox's filters (type, status, received from/to) and its keyset page. */
export const contactListInput = z
  .object({
    status: replyStatusCode.optional(),
    type: z.union([z.literal(inquiryType.productQuestion), z.literal(inquiryType.demo), z.literal(inquiryType.other), z.literal(inquiryType.course)]).optional(),
    from: z.date().optional(),
    to: z.date().optional(),
    cursor: contactListCursor.optional(),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'validation.dateRange', path: ['to'] });
export type ContactListInput = z.input<typeof contactListInput>;

/** Limits of a reply written in the back office. */
export const replyLimits = { body: 2000 } as const;

/** A staff reply: mailed to the customer when it has a body; without one the message is only marked replied (answered by phone). */
export const contactReplyInput = z.object({ messageId: z.number().int().positive(), body: requiredText(replyLimits.body).optional() });
export type ContactReplyInput = z.input<typeof contactReplyInput>;

export const contactMessageIdInput = z.object({ messageId: z.number().int().positive() });

export const messageSubmittedOutput = z.object({ id: z.number().int() });

/** A contact message as staff read it (messages.list, messages.get, messages.reply). */
export const contactMessageOutput = z.object({
  id: z.number().int(),
  status: replyStatusCode,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  type: z.number().int(),
  description: z.string(),
  companyIndustry: z.string().nullable(),
  adoptionTime: z.string().nullable(),
  attendees: z.string().nullable(),
  classMode: z.string().nullable(),
  courseContent: z.string().nullable(),
  language: z.enum(languages),
  createdAt: z.date(),
  repliedAt: z.date().nullable(),
  repliedBy: z.uuid().nullable(),
  replyBody: z.string().nullable(),
});
export type ContactMessage = z.output<typeof contactMessageOutput>;

/** How much of a message's description the inbox shows in its row; the message's page shows it whole. */
export const DESCRIPTION_PREVIEW_LENGTH = 200;

/**
 * A row of the staff inbox (messages.list): who wrote, when, about what, and the beginning of the
 * description (DESCRIPTION_PREVIEW_LENGTH characters, '…' when cut); the rest is on the message's page (messages.get).
 */
export const contactListItemOutput = contactMessageOutput.pick({ id: true, status: true, firstName: true, lastName: true, email: true, type: true, description: true, createdAt: true });
export type ContactListItem = z.output<typeof contactListItemOutput>;

export const contactListOutput = z.object({
  items: z.array(contactListItemOutput),
  /** The cursor of the next page, or null on the last one. */
  next: contactListCursor.nullable(),
  /** Messages per reply status in the whole inbox, whatever the filters. */
  counts: z.object({ open: z.number().int(), replied: z.number().int() }),
});
