/** Class and key naming rules of Doc 1 ("Resources and their fields"). */

/** A developer-defined class: letters, digits, underscore, starting with a letter. */
export const CLASS_NAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Built-in classes start with an underscore and cannot be defined by developers. */
export const BUILTIN_CLASSES = [
  '_User',
  '_Role',
  '_Installation',
  '_Conversation',
  '_File',
  '_Followee',
  '_Follower',
  '_Status',
  '_Notification',
] as const;

/** A key set by a client: letters, digits, underscore, starting with a letter (LeanCloud's rule for 105). */
export const KEY_NAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

export const MAX_CLASS_NAME_LENGTH = 60;
export const MAX_KEY_NAME_LENGTH = 128;

/** Fields every object has; clients cannot set them. */
export const READ_ONLY_FIELDS = ['objectId', 'createdAt', 'updatedAt'] as const;

export function isBuiltinClass(name: string): boolean {
  return (BUILTIN_CLASSES as readonly string[]).includes(name);
}

export function isValidClassName(name: string): boolean {
  return name.length <= MAX_CLASS_NAME_LENGTH && (CLASS_NAME_RE.test(name) || isBuiltinClass(name));
}

export function isValidKeyName(key: string): boolean {
  return key.length <= MAX_KEY_NAME_LENGTH && KEY_NAME_RE.test(key);
}
