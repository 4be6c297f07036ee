import { fireEvent, screen } from '@testing-library/react';

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

/**
 * Picks `option` in the select `select` opens, types `term` into `field` and presses `submit`,
 * all in one go as a quick hand does: the router commits the pick to the URL in a transition,
 * after these events, so none of them is wrapped in act().
 */
export async function pickTypeAndSubmit(
  select: HTMLElement,
  option: string,
  field: HTMLElement,
  term: string,
  submit: HTMLElement,
) {
  fireEvent.mouseDown(select);
  const picked = await screen.findByRole('option', { name: option });
  withoutAct(() => {
    picked.click();
    typeInto(field, term);
    submit.click();
  });
}
