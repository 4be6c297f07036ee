import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch';
import type { StubRequest } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { principalKeys } from './api';
import type { UserSummary } from './api';
import { UserSearchPicker } from './UserSearchPicker';

const BASE = '/api/apps/default/1.1';

const USERS = [
  { objectId: 'u0', username: 'adam' },
  { objectId: 'u1', username: 'dana' },
  { objectId: 'u2', username: 'daniel' },
  { objectId: 'u3', username: 'erin' },
];
const EVERYONE = ['adam (u0)', 'dana (u1)', 'daniel (u2)', 'erin (u3)'];

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** The username prefix a search asks for ('' for none), read from its `where`. */
function prefixOf(req: StubRequest): string {
  const where = JSON.parse(req.url.searchParams.get('where') ?? '{}') as {
    $or?: { username?: { $regex: string } }[];
  };
  return where.$or?.find((c) => c.username)?.username?.$regex.slice(1) ?? '';
}

/**
 * The user search of the app's upstream. While `hold` is set, answers wait for its release, so a
 * test decides when a search (or a background refetch of it) lands.
 */
function stubUsers() {
  const gate: { hold?: Promise<void> } = {};
  const stub = stubFetch({
    [`GET ${BASE}/users`]: async (req) => {
      if (gate.hold) await gate.hold;
      const prefix = prefixOf(req);
      return json(200, {
        results: USERS.filter((u) => u.username.startsWith(prefix)).map((u) => ({ ...u, ...stamp })),
      });
    },
  });
  return { ...stub, gate };
}

/** The picker under a parent that re-renders on demand, as the roles page does when its lists refresh. */
function renderPicker() {
  const onPick = vi.fn<(user: UserSummary) => void>();
  const parent: { rerender?: () => void } = {};
  function Parent() {
    const [tick, setTick] = useState(0);
    parent.rerender = () => setTick((t) => t + 1);
    return (
      <div data-tick={tick}>
        <UserSearchPicker app="default" label="User" onPick={onPick} />
      </div>
    );
  }
  const view = renderWithProviders(<Parent />);
  return { ...view, onPick, parent, input: screen.getByRole('combobox', { name: 'User' }) };
}

const shownOptions = () => screen.queryAllByRole('option').map((o) => o.textContent);

/**
 * Opens the list (everyone), then enters `text` at once, as a paste or a quick typist does, and
 * waits until the list shows only the answer to it.
 */
async function search(view: ReturnType<typeof renderPicker>, text: string, expected: string[]) {
  await view.user.click(view.input);
  await waitFor(() => expect(shownOptions()).toEqual(EVERYONE));
  await view.user.paste(text);
  await waitFor(() => expect(shownOptions()).toEqual(expected));
}

/** Whether the input points assistive technology (and Enter) at the option named `name`. */
function expectHighlighted(input: HTMLElement, name: string) {
  expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name }).id);
}

describe('UserSearchPicker', () => {
  it('picks the highlighted user on Enter and empties the field for the next search', async () => {
    stubUsers();
    const view = renderPicker();
    await search(view, 'dan', ['dana (u1)', 'daniel (u2)']);
    await view.user.keyboard('{ArrowDown}{ArrowDown}');
    expectHighlighted(view.input, 'daniel (u2)');
    await view.user.keyboard('{Enter}');
    expect(view.onPick).toHaveBeenCalledExactlyOnceWith({ objectId: 'u2', username: 'daniel' });
    expect(view.input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps the pick when the parent re-renders between the highlight and Enter', async () => {
    stubUsers();
    const view = renderPicker();
    await search(view, 'dana', ['dana (u1)']);
    await view.user.keyboard('{ArrowDown}');
    expectHighlighted(view.input, 'dana (u1)');
    // The roles page re-renders the panel when its role graph refetch lands.
    act(() => view.parent.rerender?.());
    await view.user.keyboard('{Enter}');
    expect(view.onPick).toHaveBeenCalledExactlyOnceWith({ objectId: 'u1', username: 'dana' });
  });

  it('keeps the pick when a background refetch of the same search lands between the highlight and Enter', async () => {
    const { gate, calls } = stubUsers();
    const view = renderPicker();
    await search(view, 'dana', ['dana (u1)']);
    await view.user.keyboard('{ArrowDown}');
    expectHighlighted(view.input, 'dana (u1)');
    // Something marks the search stale (a window refocus, a change elsewhere on the page).
    let release!: () => void;
    gate.hold = new Promise((resolve) => (release = resolve));
    const before = calls.length;
    const key = principalKeys.userSearch('default', 'dana');
    let refetched!: Promise<void>;
    act(() => {
      refetched = view.queryClient.invalidateQueries({ queryKey: key });
    });
    await waitFor(() => expect(calls.length).toBe(before + 1));
    await act(async () => {
      release();
      await refetched;
    });
    expect(view.queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    await view.user.keyboard('{Enter}');
    expect(view.onPick).toHaveBeenCalledExactlyOnceWith({ objectId: 'u1', username: 'dana' });
  });

  it('picks nobody on Enter while the list still shows the answer to the previous text', async () => {
    const { gate } = stubUsers();
    const view = renderPicker();
    await search(view, 'dan', ['dana (u1)', 'daniel (u2)']);
    gate.hold = new Promise(() => {});
    // The list keeps the answer to "dan" until the one to "dani" comes.
    await view.user.type(view.input, 'i');
    await view.user.keyboard('{ArrowDown}');
    await view.user.keyboard('{Enter}');
    expect(view.onPick).not.toHaveBeenCalled();
    expect(view.input).toHaveValue('dani');
  });
});
