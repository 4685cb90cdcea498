/**
 * Surveys and their submissions, as far as the survey report needs them (spec §3 Survey, Survey
 * report row; §7 managesurveys GET-ALL-SURVEY-REPORTING / GET-SURVEY-REPORTING-BY-ID). The survey
 * builder (a later issue) owns these tables' life cycle; until then they are filled by the scale
 * seed and the tests. Vault access (VaultTrak) needs no table: it is the VAULT_ACCESS event kind.
 */
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branchOffices, organizations } from './offices.js';
import { users } from './people.js';

/** A survey question (spec §3 Survey Questions: QuestionId, Question, Answers with Option, Action, EndSurveyWithNotification). */
export interface SurveyQuestionDef {
  QuestionId: number;
  Question: string;
  Answers: { Option: string; Action?: string; EndSurveyWithNotification?: boolean }[];
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_org_idx').on(t.organizationId)],
);

/** One submitted survey (spec §3 Survey report row: SubmitetSurveyId …). Answers: QuestionId → chosen option. */
export const submittedSurveys = pgTable(
  'submitted_surveys',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchOfficeId: integer('branch_office_id')
      .notNull()
      .references(() => branchOffices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<{ QuestionId: number; Answer: string }[]>().notNull().default([]),
    endWithNotification: boolean('end_with_notification').notNull().default(false),
    notificationQuestionId: integer('notification_question_id'),
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
