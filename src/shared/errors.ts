/**
 * The error catalogue of spec section 8, as one typed list.
 *
 * Each code names the tRPC code it travels as and the parameters it carries; its user text is the
 * i18n key `errors:<code>`. `ErrorParams` and `errorCatalogue` are tied by type, so a code without a
 * mapping does not compile.
 */
export type TrpcCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'BAD_GATEWAY';

import type { PasswordStrength } from './passwords';

type None = Record<never, never>;

export interface ErrorParams {
  ExceedTeamCreateLimit: { limit: number };
  Unauthorized: { action?: string; reason?: UnauthorizedReason };
  UserNotInTeam: { email: string };
  UserNotFound: { email?: string };
  AlreadyInTeam: { email: string };
  TeamNotFound: None;
  /** `domainKey` names the platform domain a group already has when it cannot be enabled on another. */
  OperationError: { reason: Exclude<OperationErrorReason, 'groupDomainFixed'> } | { reason: 'groupDomainFixed'; domainKey: string };
  InvalidParameterType: { variable: string; expected: string; current: string };
  /** `field` names the input that was wrong, e.g. 'totpCode'. */
  IncorrectValue: { field?: string };
  OutOfRange: { min: number; max: number };
  MissingAuthentication: None;
  UndefinedDomain: None;
  IncorrectProjectType: None;
  TransferPointOutOfRange: None;
  /** A credit would take an account's points past what its balance holds (some 214 million points). */
  PointBalanceLimit: None;
  /** Spec section 5 'Trial package lookup': 'Trial package is not found or inactive'. */
  TrialPackageNotFound: None;
  /** A member has one open trial point application at a time. */
  TrialApplicationOpen: None;
  InvalidUrl: None;
  CourseNotFound: None;
  CourseTimeNotFound: None;
  CourseRegistered: None;
  EnrollmentClosed: None;
  ExceedEnrolleeLimit: { limit: number };
  /** A course with that 8-digit id exists already. */
  CourseIdTaken: None;
  /** The member is on the slot's waitlist already. */
  CourseWaitlisted: { position: number };
  /** A class that has started can no longer be cancelled or joined. */
  CourseStarted: None;
  /** The member holds no seat and no waitlist place in that slot. */
  CourseNotEnrolled: None;
  ExceedAdministratorLimit: None;
  ExceedDeputyAdministratorLimit: None;
  ExceedTeamMemberLimit: None;
  /** What the account still lacks before it may sign in. */
  AccountNotActivated: { missing?: AccountActivationStep[] };
  IncorrectPassword: None;
  /** The back-office sign-in: unknown address or wrong password, one answer for both. */
  IncorrectCredentials: None;
  /** The strength level of the security settings that the password missed. */
  WeakPassword: { strength?: PasswordStrength };
  GroupAdminNotFound: None;
  DatabaseCrudError: { method: string; path: string };
  PlatformApiFailResponse: None;
  PlatformApiException: None;
  /** The shop's REST API could not be reached or answered something unusable. */
  ShopApiException: None;
  ExpiredActionCode: None;
  FileExist: None;
  FileNotExist: None;
  shouldReadTerms: None;
  /**
   * Input that failed its zod schema, or a field a service refused (an e-mail taken, say); the field
   * messages travel beside it in the payload's `fieldErrors`.
   */
  InvalidInput: { fieldErrors?: Record<string, string[]> };
  /** A record asked for by id that does not exist (a message, an order...). */
  NotFound: None;
  TooManyAttempts: { minutes: number };
  /** A verification mail was sent less than a minute ago (spec section 5). */
  VerificationMailTooSoon: None;
  /** A staff account with that e-mail address exists already. */
  StaffEmailTaken: None;
  /** The order's status does not allow this action now (spec section 4); `status` is its status now. */
  OrderStatusConflict: { status: number; action: string };
  /** Buying points needs a complete member profile (spec section 5). */
  ProfileIncomplete: { missing: string[] };
  /** Buying on an iOS system is blocked (spec section 2 'Purchase on iOS'). */
  PurchaseOnIos: None;
  /** The device is bound to another account (a device belongs to one account at a time). */
  DeviceAlreadyBound: None;
  /** Points go only to a device bound to the member's own account now. */
  DeviceNotBound: None;
  Unknown: None;
}

export type ErrorCode = keyof ErrorParams;

export type UnauthorizedReason =
  | 'accountDisabled'
  | 'missingPermission'
  | 'notStaff'
  | 'notSuperStaff'
  | 'crossSite'
  | 'notGroupAdmin'
  | 'passwordExpired'
  | 'totpEnrolmentRequired'
  | 'groupNotPaid'
  | 'notTeamMember'
  | 'notTeamGroup'
  | 'teamRole'
  | 'accountNotActive'
  | 'trialNotActivated';
export type AccountActivationStep = 'emailVerification' | 'staffActivation';
export type OperationErrorReason = 'adminCannotLeave' | 'cannotKickSelf' | 'cannotAssignSelfAsDeputy' | 'cannotDeleteSelf' | 'lastSuperStaff' | 'groupNotAwaitingTrial' | 'groupDomainFixed' | 'groupNotActivated' | 'classAtTop' | 'classAtBottom' | 'alreadyReplied' | 'agentReferenceAlreadySet' | 'totpAlreadyEnabled' | 'cannotHandOverToSelf' | 'deliveryNotFailed' | 'trialAlreadyDecided' | 'trialAlreadyActive' | 'platformNotEmulated';

export const errorCatalogue: { readonly [C in ErrorCode]: TrpcCode } = {
  ExceedTeamCreateLimit: 'FORBIDDEN',
  Unauthorized: 'FORBIDDEN',
  UserNotInTeam: 'NOT_FOUND',
  UserNotFound: 'NOT_FOUND',
  AlreadyInTeam: 'CONFLICT',
  TeamNotFound: 'NOT_FOUND',
  OperationError: 'BAD_REQUEST',
  InvalidParameterType: 'BAD_REQUEST',
  IncorrectValue: 'BAD_REQUEST',
  OutOfRange: 'BAD_REQUEST',
  MissingAuthentication: 'UNAUTHORIZED',
  UndefinedDomain: 'PRECONDITION_FAILED',
  IncorrectProjectType: 'BAD_REQUEST',
  TransferPointOutOfRange: 'BAD_REQUEST',
  PointBalanceLimit: 'BAD_REQUEST',
  TrialPackageNotFound: 'PRECONDITION_FAILED',
  TrialApplicationOpen: 'CONFLICT',
  InvalidUrl: 'BAD_REQUEST',
  CourseNotFound: 'NOT_FOUND',
  CourseTimeNotFound: 'NOT_FOUND',
  CourseRegistered: 'CONFLICT',
  EnrollmentClosed: 'PRECONDITION_FAILED',
  ExceedEnrolleeLimit: 'CONFLICT',
  CourseIdTaken: 'CONFLICT',
  CourseWaitlisted: 'CONFLICT',
  CourseStarted: 'PRECONDITION_FAILED',
  CourseNotEnrolled: 'NOT_FOUND',
  ExceedAdministratorLimit: 'CONFLICT',
  ExceedDeputyAdministratorLimit: 'CONFLICT',
  ExceedTeamMemberLimit: 'CONFLICT',
  AccountNotActivated: 'PRECONDITION_FAILED',
  IncorrectPassword: 'UNAUTHORIZED',
  IncorrectCredentials: 'UNAUTHORIZED',
  WeakPassword: 'BAD_REQUEST',
  GroupAdminNotFound: 'NOT_FOUND',
  DatabaseCrudError: 'INTERNAL_SERVER_ERROR',
  PlatformApiFailResponse: 'BAD_GATEWAY',
  PlatformApiException: 'BAD_GATEWAY',
  ShopApiException: 'BAD_GATEWAY',
  ExpiredActionCode: 'BAD_REQUEST',
  FileExist: 'CONFLICT',
  FileNotExist: 'NOT_FOUND',
  shouldReadTerms: 'PRECONDITION_FAILED',
  InvalidInput: 'BAD_REQUEST',
  NotFound: 'NOT_FOUND',
  TooManyAttempts: 'TOO_MANY_REQUESTS',
  VerificationMailTooSoon: 'TOO_MANY_REQUESTS',
  StaffEmailTaken: 'CONFLICT',
  OrderStatusConflict: 'CONFLICT',
  ProfileIncomplete: 'PRECONDITION_FAILED',
  PurchaseOnIos: 'PRECONDITION_FAILED',
  DeviceAlreadyBound: 'CONFLICT',
  DeviceNotBound: 'NOT_FOUND',
  Unknown: 'INTERNAL_SERVER_ERROR',
};

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The shape every error reaches the client in (tRPC `error.data.app`). */
export interface AppErrorPayload<C extends ErrorCode = ErrorCode> {
  code: C;
  params: ErrorParams[C];
  /** Field name to i18n keys of its messages; set for InvalidInput. */
  fieldErrors?: Record<string, string[]>;
}
