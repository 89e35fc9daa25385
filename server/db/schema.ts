import type { RangeRowJson } from '../../src/shared/api-types';
import {
  bigserial,
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TlaEncoding } from '../files/ingest/tla-bytes';

// Table definitions for the query builder. The schema itself is created by the numbered SQL
// migrations in ./migrations; keep the two in step.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

const id = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash'),
  isActive: boolean('is_active').notNull(),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
    .notNull()
    .defaultNow(),
});

export const abstractWorks = pgTable('abstract_works', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  composer: text('composer').notNull(),
  // Migration 0012: the title's natural sort key, computed by the database.
  titleSort: text('title_sort').generatedAlwaysAs(sql`natural_sort_key(title)`),
});

export const concreteWorks = pgTable('concrete_works', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  abstractWorkId: id('abstract_work_id').notNull(),
  artist: text('artist').notNull(),
  type: text('type').$type<'audio' | 'video'>().notNull(),
  storage: text('storage').$type<'staticfiles' | 'youtube' | 'abstract'>().notNull(),
  url: text('url').notNull(),
  length: doublePrecision('length').notNull(),
  start: doublePrecision('start').notNull(),
  end: doublePrecision('end').notNull(),
  // Migration 0010: the media file the .tla names, kept whether or not it was uploaded.
  mediaName: text('media_name').notNull().default(''),
});

export const files = pgTable('files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  authorId: id('author_id').notNull(),
  concreteWorkId: id('concrete_work_id').notNull(),
  isPublic: boolean('is_public').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  originalName: text('original_name').notNull(),
  format: text('format').$type<'tla' | 'export'>().notNull(),
  appVersion: text('app_version'),
  mediaMetadata: jsonb('media_metadata').$type<Record<string, unknown>>().notNull(),
  tla: bytea('tla').notNull(),
  tlaEncoding: text('tla_encoding').$type<TlaEncoding>().notNull().default('identity'),
});

export const timelines = pgTable('timelines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fileId: id('file_id').notNull(),
  kind: text('kind').notNull(),
  kindName: text('kind_name').notNull(),
  isKnownKind: boolean('is_known_kind').notNull(),
  name: text('name').notNull(),
  ordinal: integer('ordinal').notNull(),
  displayPosition: integer('display_position').notNull(),
  isVisible: boolean('is_visible').notNull(),
  height: doublePrecision('height'),
  levelHeight: doublePrecision('level_height'),
  levelCount: integer('level_count'),
  visibleLevelCount: integer('visible_level_count'),
  beatPattern: jsonb('beat_pattern').$type<number[]>(),
  measureNumbers: jsonb('measure_numbers').$type<number[]>(),
  beatsInMeasure: jsonb('beats_in_measure').$type<number[]>(),
  measuresToForceDisplay: jsonb('measures_to_force_display').$type<number[]>(),
  pdfPath: text('pdf_path'),
  pdfUrl: text('pdf_url'),
  attributes: jsonb('attributes').$type<Record<string, unknown>>(),
  // Migration 0005: how many of its components a search can find, counted by a trigger.
  searchCount: integer('search_count').notNull().default(0),
  // Migration 0015: a Range timeline's rows, and the components the viewer does not draw.
  rangeRows: jsonb('range_rows').$type<RangeRowJson[]>(),
  defaultRowHeight: doublePrecision('default_row_height'),
  notShown: jsonb('not_shown').$type<Record<string, number>>(),
});

export const components = pgTable('components', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  timelineId: id('timeline_id').notNull(),
  fileId: id('file_id').notNull(),
  position: integer('position').notNull(),
  kind: text('kind').notNull(),
  label: text('label'),
  comments: text('comments'),
  color: text('color'),
  formalFunction: text('formal_function'),
  formalType: text('formal_type'),
  start: doublePrecision('start'),
  end: doublePrecision('end'),
  preStart: doublePrecision('pre_start'),
  postEnd: doublePrecision('post_end'),
  time: doublePrecision('time'),
  level: integer('level'),
  pageNumber: integer('page_number'),
  amplitude: doublePrecision('amplitude'),
  step: smallint('step'),
  accidental: smallint('accidental'),
  quality: text('quality'),
  inversion: smallint('inversion'),
  appliedTo: smallint('applied_to'),
  displayMode: text('display_mode'),
  customText: text('custom_text'),
  customTextFontType: text('custom_text_font_type'),
  modeType: text('mode_type'),
  extra: jsonb('extra').$type<Record<string, unknown>>(),
  // Search copies (migration 0003): set by ingestion, kept in step by triggers.
  searchKind: text('search_kind').$type<'HIERARCHY' | 'MARKER' | 'BEAT' | 'RANGE'>(),
  isPublic: boolean('is_public'),
  workTitle: text('work_title'),
  workComposer: text('work_composer'),
  // Migration 0012: the work's title_sort, copied like its title.
  workTitleSort: text('work_title_sort'),
  // Migration 0015: a range's row (its id and name) and the range it is joined to.
  rowId: text('row_id'),
  rowName: text('row_name'),
  joinedRight: bigint('joined_right', { mode: 'number' }),
});

// Migration 0005: per file, how many components of a kind carry each distinct text of a field.
export const searchValues = pgTable('search_values', {
  fileId: id('file_id').notNull(),
  kind: text('kind').$type<'HIERARCHY' | 'MARKER' | 'BEAT'>().notNull(),
  field: text('field').notNull(),
  value: text('value').notNull(),
  count: integer('count').notNull(),
  isPublic: boolean('is_public').notNull(),
});

// Migration 0003: bumped at the commit of any change that can alter a search count.
export const searchGeneration = pgTable('search_generation', {
  singleton: boolean('singleton').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});

// Migration 0004: uploaded media and PDFs, content-addressed.
export const mediaObjects = pgTable('media_objects', {
  sha256: text('sha256').primaryKey(),
  path: text('path').notNull(),
  mimeType: text('mime_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mediaReferences = pgTable('media_references', {
  fileId: id('file_id').notNull(),
  mediaSha256: text('media_sha256').notNull(),
  role: text('role').$type<'media' | 'pdf'>().notNull(),
});

// Migration 0011: each file's viewer JSON, built once when it is stored, gzipped.
export const viewerPayloads = pgTable('viewer_payloads', {
  fileId: id('file_id').primaryKey(),
  jsonGzip: bytea('json_gzip').notNull(),
  jsonBytes: integer('json_bytes').notNull(),
  // Migration 0014: the prepared payload, once built by this version of its format.
  preparedGzip: bytea('prepared_gzip'),
  preparedVersion: integer('prepared_version'),
});

// Migration 0002: the refresh tokens handed out, with their blacklisting.
export const refreshTokens = pgTable('refresh_tokens', {
  jti: text('jti').primaryKey(),
  userId: id('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  blacklistedAt: timestamp('blacklisted_at', { withTimezone: true }),
});

// Migration 0013: rate-limit counters shared by the instances on one PostgreSQL server.
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const uploadQuotaEvents = pgTable('upload_quota_events', {
  userId: id('user_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

// Migration 0030: a recording's waveform peaks (src/shared/waveform/peaks.ts), or why it has none.
export const mediaPeaks = pgTable('media_peaks', {
  mediaSha256: text('media_sha256').primaryKey(),
  peaks: bytea('peaks'),
  note: text('note'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
