/** The three kinds of Doc 3 conversation, as the console names them. */
export const CONV_KINDS = ['conversation', 'chatroom', 'service'] as const;
export type ConvKind = (typeof CONV_KINDS)[number];

/** The REST path segment of each kind (`/1.2/rtm/<segment>`). */
export const KIND_PATH: Record<ConvKind, string> = {
  conversation: 'conversations',
  chatroom: 'chatrooms',
  service: 'service-conversations',
};

/** A `_Conversation` object's kind: `tr` marks a chat room, `sys` a service conversation. */
export function kindOf(conv: { tr?: unknown; sys?: unknown }): ConvKind {
  if (conv.sys === true) return 'service';
  if (conv.tr === true) return 'chatroom';
  return 'conversation';
}

export const isConvKind = (v: unknown): v is ConvKind => CONV_KINDS.includes(v as ConvKind);
