/**
 * Browser events the way a browser delivers them, outside React's test batching (act): what the
 * router commits in a transition is then not drawn yet when the next event arrives, as in a real
 * browser with a quick hand.
 */
export function withoutAct(run: () => void) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    run();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** Types into a React-controlled input the way the browser reports it: value set, then `input`. */
export function typeInto(input: HTMLElement, value: string) {
  // React watches the element's own value property, so the prototype's setter is the browser's.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the input as `this`
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
