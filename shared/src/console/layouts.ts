import { z } from 'zod';

export const LAYOUT_MAX_COLUMNS = 300;
export const LAYOUT_MAX_WIDTH = 2000;
export const LAYOUT_MIN_WIDTH = 40;

const columnKey = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,128}$/, 'name the column by its field (letters, digits, underscores)');

export const gridLayoutColumnSchema = z
  .object({
    key: columnKey,
    hidden: z.boolean().optional(),
    width: z
      .number()
      .int('give the width in whole pixels')
      .min(LAYOUT_MIN_WIDTH, `make the column at least ${LAYOUT_MIN_WIDTH} pixels wide`)
      .max(LAYOUT_MAX_WIDTH, `make the column at most ${LAYOUT_MAX_WIDTH} pixels wide`)
      .optional(),
    pinned: z.enum(['left']).nullable().optional(),
  })
  .strict();
export type GridLayoutColumn = z.infer<typeof gridLayoutColumnSchema>;

/**
 * How one console user sees one class in the grid. `columns` lists the columns in display order;
 * `order`, when sent, is that order on its own (keys), taking precedence over the columns' order.
 */
export const gridLayoutSchema = z
  .object({
    columns: z
      .array(gridLayoutColumnSchema, "send the layout's columns as a list")
      .max(LAYOUT_MAX_COLUMNS, `a layout has at most ${LAYOUT_MAX_COLUMNS} columns`)
      .refine((cols) => new Set(cols.map((c) => c.key)).size === cols.length, 'name each column once'),
    order: z
      .array(columnKey)
      .max(LAYOUT_MAX_COLUMNS, `a layout has at most ${LAYOUT_MAX_COLUMNS} columns`)
      .optional(),
  })
  .strict();
export type GridLayout = z.infer<typeof gridLayoutSchema>;

/** `layout` is null while the user has not arranged this class's columns. */
export const gridLayoutResponseSchema = z.object({ layout: gridLayoutSchema.nullable() });
export type GridLayoutResponse = z.infer<typeof gridLayoutResponseSchema>;
