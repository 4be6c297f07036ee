/** Doc 3: conversations are rows of `_Conversation`; `tr` marks chat rooms, `sys` service conversations. */
export const CONVERSATION_CLASS = '_Conversation';

export type ConvKind = 'conv' | 'room' | 'sys';

export function kindOf(data: Record<string, unknown>): ConvKind {
  if (data.tr === true) return 'room';
  if (data.sys === true) return 'sys';
  return 'conv';
}

/** The where clause that keeps one kind (README "Listing paths": each path lists only its own kind). */
export function kindWhere(kind: ConvKind): Record<string, unknown> {
  if (kind === 'room') return { tr: true };
  if (kind === 'sys') return { sys: true };
  return { tr: { $ne: true }, sys: { $ne: true } };
}

export const KIND_NAMES: Record<ConvKind, string> = {
  conv: 'conversation',
  room: 'chat room',
  sys: 'service conversation',
};
