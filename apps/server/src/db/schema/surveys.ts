/**
 * Surveys (spec §3 Survey, Survey user, External user, Survey report row; §4 Survey and External
 * survey flow): the survey with its questions and schedule, the branches it is assigned to, the
 * staff who take it (UsersForSurvey), the users and external users notified by an ending answer
 * (NotifyUsers, NotifyExternalUsers), the external respondents of a branch, their single-use
 * links (stored as SHA-256 of the raw token), and every submission, which the survey report reads.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branchOffices, organizations } from './offices.js';
import { users } from './people.js';

/** A survey question (spec §3 Survey Questions: QuestionId, Question, Answers with Option, Action, EndSurveyWithNotification). */
export interface SurveyQuestionDef {
  QuestionId: number;
  Question: string;
  Answers: { Option: string; Action?: string; EndSurveyWithNotification?: boolean }[];
}

/** Who was notified by a submission that ended with notification (kept as sent, for the report's NotifiedUsers). */
export interface NotifiedPerson {
  Name: string;
  Surname: string;
  PhoneNumber: string | null;
  RoleNameDisplay: string;
  Email: string;
}

export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    notifyRecomandation: text('notify_recomandation'),
    nonNotifyRecomandation: text('non_notify_recomandation'),
    questions: jsonb('questions').$type<SurveyQuestionDef[]>().notNull().default([]),
    /** Offered from this instant (UTC); null = not scheduled yet (never offered). */
    startDate: timestamp('start_date', { withTimezone: true }),
    /** Offered until this instant (UTC, exclusive); null = until deactivated by hand. */
    endDate: timestamp('end_date', { withTimezone: true }),
    /** False once deactivated by hand (DE-ASSIGN-SURVEY of every branch). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('surveys_org_idx').on(t.organizationId), uniqueIndex('surveys_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/** The branches a survey is assigned to (assigning a region assigns its branches). */
export const surveyBranches = pgTable(
  'survey_branches',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.branchOfficeId] }), index('survey_branches_branch_idx').on(t.branchOfficeId)],
);

/** UsersForSurvey: staff who take the survey in the app. */
export const surveyUsers = pgTable(
  'survey_users',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index('survey_users_user_idx').on(t.userId)],
);

/** NotifyUsers: users mailed (and sent the event) when an answer ends the survey with notification. */
export const surveyNotifyUsers = pgTable(
  'survey_notify_users',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

/** External survey users of a branch (spec §3 External user: ExternalUserId, Name, Email, Phone, BranchOfficeId). */
export const externalUsers = pgTable(
  'external_users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164, or null. */
    phone: text('phone'),
    /** Language of their mails and of the survey page they open: 'en' | 'sq'. */
    langId: text('lang_id').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('external_users_branch_idx').on(t.branchOfficeId),
    uniqueIndex('external_users_branch_email_uq').on(t.branchOfficeId, sql`lower(${t.email})`),
  ],
);

/** NotifyExternalUsers: external users mailed when an answer ends the survey with notification. */
export const surveyNotifyExternalUsers = pgTable(
  'survey_notify_external_users',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    externalUserId: integer('external_user_id')
      .notNull()
      .references(() => externalUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.externalUserId] })],
);

/**
 * A personal survey link of an external respondent: one per survey, respondent and survey period
 * (the survey's StartDate when issued). Single use: `usedAt` is set by the submission.
 */
export const surveyLinks = pgTable(
  'survey_links',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    externalUserId: integer('external_user_id')
      .notNull()
      .references(() => externalUsers.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    /** SHA-256 hex of the raw token (the raw token is only in the mail). */
    tokenHash: text('token_hash').notNull(),
    /** The survey period the link is for: the survey's StartDate when it was issued. */
    period: timestamp('period', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_links_token_uq').on(t.tokenHash),
    uniqueIndex('survey_links_period_uq').on(t.surveyId, t.externalUserId, t.period),
  ],
);

/** One submitted survey (spec §3 Survey report row: SubmitetSurveyId …), by a staff user or an external respondent. */
export const submittedSurveys = pgTable(
  'submitted_surveys',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** The staff user who answered (mobile API); null for an external respondent. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The external respondent who answered (public page); null for staff. */
    externalUserId: integer('external_user_id').references(() => externalUsers.id, { onDelete: 'set null' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** In the order answered: QuestionId → chosen option. */
    answers: jsonb('answers').$type<{ QuestionId: number; Answer: string }[]>().notNull().default([]),
    endWithNotification: boolean('end_with_notification').notNull().default(false),
    notificationQuestionId: integer('notification_question_id'),
    /** The recommendation stored with the answer: the survey's notify one when it ended with notification, else the non-notify one. */
    recommendation: text('recommendation'),
    /** Who was notified (users and external users, as mailed). */
    notified: jsonb('notified').$type<NotifiedPerson[]>().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** When it was submitted (UTC). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submitted_surveys_org_time_idx').on(t.organizationId, t.createdAt),
    index('submitted_surveys_branch_time_idx').on(t.branchOfficeId, t.createdAt),
    index('submitted_surveys_survey_idx').on(t.surveyId),
  ],
);
