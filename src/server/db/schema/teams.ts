import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
import { teamAuth } from '../../../shared/teams';
import { groups, users } from './accounts';

/**
 * Team (spec section 3): id 'T' + 14 uppercase letters or digits. The administrator is the member
 * whose auth is 0 (team_members), so there is one source of truth for who administers a team.
 */
export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The enterprise account the team was created from; its domain_key picks the platform cloud. */
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    domainKey: text('domain_key'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    modifiedBy: uuid('modified_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('teams_id_format', sql`${table.id} ~ '^T[A-Z0-9]{14}$'`), index('teams_group_idx').on(table.groupId)],
);

/**
 * Team member (spec section 3); auth: teamAuth. A kicked (9) or left (10) member keeps the row so
 * that an invitation brings them back as a member (2). At most one administrator per team is a
 * database constraint (the partial unique index), so no interleaving can ever make two.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    auth: smallint('auth').notNull().default(teamAuth.member),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    modifiedBy: uuid('modified_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    check('team_members_auth_check', sql`${table.auth} in (0, 1, 2, 9, 10)`),
    uniqueIndex('team_members_one_admin').on(table.teamId).where(sql`${table.auth} = 0`),
    index('team_members_user_idx').on(table.userId),
  ],
);

/** The team's log: who changed what, when (issue 11: every change is logged). */
export const teamEvents = pgTable(
  'team_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_events_team_idx').on(table.teamId, table.createdAt)],
);

/** The team's files (/download in the team space): stored under `team-files/<team id>/`, listed to its active members. */
export const teamFiles = pgTable(
  'team_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_files_team_idx').on(table.teamId, table.uploadedAt)],
);
