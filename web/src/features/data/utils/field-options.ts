import type { FieldDefinition, FieldType } from '@switchboard/shared';

/** The switches a field may carry; auto-increment only on Numbers. */
export const FLAG_OPTIONS = ['hidden', 'read_only', 'required', 'auto_increment'] as const;
export type FlagOption = (typeof FLAG_OPTIONS)[number];

/** A field's options as a form holds them: switches, and the default as typed. */
export interface OptionsDraft {
  flags: Partial<Record<FlagOption, boolean>>;
  /** The default value as text: the string itself for a String field, else JSON. Empty: none. */
  defaultText: string;
}

export const emptyOptions: OptionsDraft = { flags: {}, defaultText: '' };

export const flagsFor = (type: FieldType): readonly FlagOption[] =>
  type === 'Number' ? FLAG_OPTIONS : FLAG_OPTIONS.filter((f) => f !== 'auto_increment');

/** The draft of a field the schema reports. */
export function draftOf(field: Record<string, unknown>): OptionsDraft {
  const flags = Object.fromEntries(FLAG_OPTIONS.filter((f) => field[f] === true).map((f) => [f, true]));
  const d = field.default;
  const defaultText =
    d === undefined ? '' : field.type === 'String' && typeof d === 'string' ? d : JSON.stringify(d);
  return { flags, defaultText };
}

/** The default to send, `undefined` for none, or `Error` when the text is not valid JSON. */
export function parseDefault(type: FieldType, text: string): unknown {
  if (text === '') return undefined;
  if (type === 'String') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new Error('invalid');
  }
}

/**
 * The full definition of a field with these options (a PUT replaces the whole definition), or
 * undefined when the default is not valid JSON.
 */
export function definitionWith(
  base: { type: FieldType; targetClass?: string | undefined },
  draft: OptionsDraft,
): FieldDefinition | undefined {
  const value = parseDefault(base.type, draft.defaultText);
  if (value instanceof Error) return undefined;
  const def: FieldDefinition = base.targetClass
    ? { type: base.type, targetClass: base.targetClass }
    : { type: base.type };
  for (const f of flagsFor(base.type)) if (draft.flags[f]) def[f] = true;
  if (value !== undefined) def.default = value;
  return def;
}

/** The options a field carries, for the grid's header: its switches and whether it has a default. */
export function optionsOf(field: Record<string, unknown> | undefined): (FlagOption | 'default')[] {
  if (!field) return [];
  const set: (FlagOption | 'default')[] = FLAG_OPTIONS.filter((f) => field[f] === true);
  return field.default !== undefined ? [...set, 'default'] : set;
}
