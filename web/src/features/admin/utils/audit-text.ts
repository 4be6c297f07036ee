import type { AuditTarget } from '@switchboard/shared';

export type TargetKind = 'consoleUser' | 'pushId' | 'conversation' | 'client' | 'message';
const KINDS: readonly TargetKind[] = ['consoleUser', 'pushId', 'conversation', 'client', 'message'];

/**
 * What an action touched, in one line: "Post/abc123", "Console user u1". `label` names the
 * kinds of target other than objects (translated by the caller).
 */
export function describeTarget(target: AuditTarget | null, label: (kind: TargetKind) => string): string {
  if (!target) return '';
  const parts: string[] = [];
  if (target.class) parts.push(target.objectId ? `${target.class}/${target.objectId}` : target.class);
  else if (target.objectId) parts.push(target.objectId);
  for (const kind of KINDS) {
    const value = target[kind];
    if (value) parts.push(`${label(kind)} ${value}`);
  }
  return parts.join(', ');
}
