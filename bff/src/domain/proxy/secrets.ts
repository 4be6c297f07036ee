import { roleHas } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { REDACTED } from '../audit';

/** Fields that let their holder act as a user or reach a device: session and access tokens. */
const SECRET_FIELD = /(token|secret|password)$/i;

/** Whether a field of that name is hidden from roles without `secrets.read`. */
export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/**
 * Schemas name fields (`deviceToken: {type: "String"}`) and hold no values: redacting by name
 * there would turn a field's type into "[redacted]" and hide the field from the roles that read it.
 */
export const describesFields = (routePath: string): boolean => routePath.startsWith('/1.1/schemas');

/**
 * Deeper than this, a subtree is replaced whole rather than shown: JSON.stringify recurses and
 * throws near ten thousand levels, and no document a person reads nests this deep.
 */
export const SHOWN_DEPTH = 1000;
export const TOO_DEEP = '[too deep]';

type Slot = { value: unknown; depth: number; put: (v: unknown) => void };

/** Sets an own property, "__proto__" included (JSON.parse makes such keys plain properties). */
const define = (o: object, k: string, value: unknown) =>
  Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });

/** A copy with every secret field's value redacted, at any depth (iterative: no stack limit). */
function strip(root: unknown): unknown {
  let result: unknown;
  const stack: Slot[] = [{ value: root, depth: 0, put: (v) => (result = v) }];
  for (let slot = stack.pop(); slot; slot = stack.pop()) {
    const { value, depth, put } = slot;
    if (value === null || typeof value !== 'object') {
      put(value);
    } else if (depth >= SHOWN_DEPTH) {
      put(TOO_DEEP);
    } else if (Array.isArray(value)) {
      const out: unknown[] = new Array<unknown>(value.length);
      put(out);
      value.forEach((v, i) => stack.push({ value: v, depth: depth + 1, put: (x) => (out[i] = x) }));
    } else {
      const out = {};
      put(out);
      // Every key is set now, in order; the stack fills the values in later.
      for (const [k, v] of Object.entries(value)) {
        const secret = SECRET_FIELD.test(k) && v !== null && v !== undefined;
        define(out, k, secret ? REDACTED : null);
        if (!secret) stack.push({ value: v, depth: depth + 1, put: (x) => define(out, k, x) });
      }
    }
  }
  return result;
}

/**
 * What a role may see of an upstream answer: everything for roles with `secrets.read`; for the
 * others (viewer, operator, support) the tokens in authData, installations and the like are
 * replaced with "[redacted]", however deep they sit.
 */
export function visibleTo(role: ConsoleRole, body: unknown): unknown {
  return roleHas(role, 'secrets.read') ? body : strip(body);
}
