import { z } from 'zod';

/** A class name as the API accepts it (letters, digits, underscores; built-ins start with _). */
const className = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'name a class: letters, digits and underscores');
/** Text the database can hold: no NUL, no unpaired surrogate. */
const storable = (s: string) => !s.includes('\u0000') && s.isWellFormed();
const name = z
  .string()
  .trim()
  .min(1, 'give the view a name')
  .max(100, 'use at most 100 characters')
  .refine(storable, 'the name contains a character that cannot be stored');
/** The data browser's URL search string (`where=...&order=...`), what opening the view restores. */
const query = z
  .string()
  .max(8000, 'the query is too long to save (at most 8000 characters)')
  .refine(storable, 'the query contains a character that cannot be stored');

/** A saved query of the data browser: its owner's, or shared with everyone who reads the app. */
export const savedViewSchema = z.object({
  id: z.string(),
  app: z.string(),
  className: z.string(),
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  /** Whether the caller owns it (and so may change or delete it). */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const listViewsQuerySchema = z.object({ className: className.optional() });
export const viewsResponseSchema = z.object({ views: z.array(savedViewSchema) });
export const viewResponseSchema = z.object({ view: savedViewSchema });

export const createViewBodySchema = z
  .object({ name, className, query, shared: z.boolean().default(false) })
  .strict();
export type CreateViewBody = z.infer<typeof createViewBodySchema>;

export const updateViewBodySchema = z
  .object({ name: name.optional(), query: query.optional(), shared: z.boolean().optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'change at least one of name, query, shared');
export type UpdateViewBody = z.infer<typeof updateViewBodySchema>;
