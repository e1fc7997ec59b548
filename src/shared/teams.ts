import { z } from 'zod';
import { emailField } from './accounts';
import { requiredMessage, requiredText, wideLength } from './text';

/**
 * Teams (spec sections 3, 4, 5 and 6): a team of members of the portal, each with a role ('auth').
 * One schema per form, for the browser and the server; messages are `validation` i18n keys.
 */

/** Team membership auth (spec section 4): 0 admin, 1 deputy, 2 member, 9 kicked, 10 left. */
export const teamAuth = { admin: 0, deputy: 1, member: 2, kicked: 9, left: 10 } as const;
export type TeamAuth = (typeof teamAuth)[keyof typeof teamAuth];

/** The roles listed as members and counted against the team size; kicked and left are not (spec section 4). */
export const activeTeamAuths = [teamAuth.admin, teamAuth.deputy, teamAuth.member] as const;
export type ActiveTeamAuth = (typeof activeTeamAuths)[number];

export function isActiveTeamAuth(auth: number): auth is ActiveTeamAuth {
  return (activeTeamAuths as readonly number[]).includes(auth);
}

/** Spec section 9: at most 1 administrator, 3 deputies and 100 members (auth 0, 1, 2) per team. */
export const teamLimits = { administrators: 1, deputies: 3, members: 100, name: 40, description: 200 } as const;

/**
 * Which role may do what in a team (spec sections 5 and 6), one table instead of scattered checks.
 * Kicked (9) and left (10) members, and outsiders, may do nothing.
 */
export const teamPermissions = {
  view: [teamAuth.admin, teamAuth.deputy, teamAuth.member],
  invite: [teamAuth.admin, teamAuth.deputy],
  edit: [teamAuth.admin],
  kick: [teamAuth.admin],
  assignDeputy: [teamAuth.admin],
  handOver: [teamAuth.admin],
  transferPoints: [teamAuth.admin],
  leave: [teamAuth.deputy, teamAuth.member],
} as const satisfies Record<string, readonly ActiveTeamAuth[]>;
export type TeamAction = keyof typeof teamPermissions;

export function teamRoleMay(auth: number | undefined, action: TeamAction): boolean {
  return auth !== undefined && (teamPermissions[action] as readonly number[]).includes(auth);
}

/** What a change of a team is recorded as in the team's log. */
export const teamEventKind = ['created', 'edited', 'invited', 'rejoined', 'kicked', 'left', 'deputyNamed', 'deputyRemoved', 'adminHandedOver'] as const;
export type TeamEventKind = (typeof teamEventKind)[number];

/** Team id: 'T' plus 14 uppercase letters or digits (spec section 3). */
export const teamIdPattern = /^T[A-Z0-9]{14}$/;
export const teamIdField = z.string({ error: 'validation.invalid' }).trim().regex(teamIdPattern, { error: 'validation.invalid' });

const teamDescription = z
  .string({ error: 'validation.invalid' })
  .trim()
  .refine((value) => wideLength(value) <= teamLimits.description, { error: `validation.tooLong.${teamLimits.description}` })
  .default('');

export const createTeamInput = z.object({
  name: requiredText(teamLimits.name),
  description: teamDescription,
});
export type CreateTeamForm = z.input<typeof createTeamInput>;

export const updateTeamInput = createTeamInput.extend({ teamId: teamIdField });
export type UpdateTeamForm = z.input<typeof updateTeamInput>;

export const teamInput = z.object({ teamId: teamIdField });

export const teamMemberInput = z.object({ teamId: teamIdField, email: emailField });
export type TeamMemberForm = z.input<typeof teamMemberInput>;

export const deputyInput = teamMemberInput.extend({ deputy: z.boolean({ error: requiredMessage }) });

const teamAuthValue = z.union(activeTeamAuths.map((auth) => z.literal(auth)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>]);

export const teamSummaryOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The caller's role in the team. */
  auth: teamAuthValue,
  memberCount: z.number().int(),
});

export const myTeamsOutput = z.object({
  teams: z.array(teamSummaryOutput),
  /** Teams the member administers (auth 0), the member's create_team_limit, and whether the group is paid. */
  owned: z.number().int(),
  limit: z.number().int(),
  groupPaid: z.boolean(),
  /** Spec section 2: the create-team entry shows only while owned < limit and the group is paid. */
  mayCreate: z.boolean(),
});
export type MyTeams = z.output<typeof myTeamsOutput>;

export const teamDetailOutput = teamSummaryOutput.extend({
  admin: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TeamDetail = z.output<typeof teamDetailOutput>;

export const teamMemberOutput = z.object({
  name: z.string(),
  email: z.string(),
  auth: teamAuthValue,
  joinedAt: z.date(),
});

export const teamMembersOutput = z.object({
  members: z.array(teamMemberOutput),
  /** The caller's role, so the page offers only what the server will allow. */
  auth: teamAuthValue,
  limits: z.object({ deputies: z.number().int(), members: z.number().int() }),
});
export type TeamMembers = z.output<typeof teamMembersOutput>;

export const teamEventOutput = z.object({
  kind: z.enum(teamEventKind),
  actor: z.string(),
  subject: z.string().nullable(),
  at: z.date(),
});
export const teamEventsOutput = z.array(teamEventOutput);
export type TeamEvent = z.output<typeof teamEventOutput>;

export const teamChangeOutput = z.object({ teamId: z.string(), email: z.string(), auth: z.number().int() });
export type TeamChange = z.output<typeof teamChangeOutput>;

/** The team's files (/download in the team space). */
export const teamFilesOutput = z.object({
  files: z.array(z.object({ id: z.uuid(), name: z.string(), sizeBytes: z.number().int(), uploadedAt: z.date(), uploadedBy: z.string() })),
});
export type TeamFiles = z.output<typeof teamFilesOutput>;

/** Where a team file is downloaded from (the member's session and role are checked there). */
export function teamFileAddress(teamId: string, fileId: string): string {
  return `/member-files/teams/${encodeURIComponent(teamId)}/${encodeURIComponent(fileId)}`;
}
