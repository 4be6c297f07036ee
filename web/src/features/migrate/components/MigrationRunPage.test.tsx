import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Migration } from '@switchboard/shared';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { aClass, aMigration, migrateRoutes, sessionWith } from './test-routes';

const PATH = '/api/apps/default/migrations/m1';

const running = aMigration({
  status: 'running',
  etaSeconds: 125,
  classes: [
    aClass({ name: '_User', read: 3, written: 3, total: 3, done: true }),
    aClass({ name: 'Item', read: 40, written: 30, skipped: 5, failed: 5, total: 80 }),
  ],
});

const finished = aMigration({
  status: 'succeeded',
  finishedAt: '2026-11-23T07:03:00.000Z',
  classes: [
    aClass({ name: '_User', read: 3, written: 3, total: 3, done: true }),
    aClass({
      name: 'Item',
      read: 80,
      written: 78,
      failed: 2,
      total: 80,
      done: true,
      failures: [
        { where: 'Item.jsonl line 7', message: 'owner is not a pointer' },
        { where: 'Item.jsonl line 9', message: 'ACL is malformed' },
      ],
    }),
  ],
  ignoredFiles: [{ path: 'readme.txt', reason: 'not part of a LeanCloud export' }],
});

function server(answers: Migration[], extra: Parameters<typeof stubFetch>[0] = {}) {
  let n = 0;
  return stubFetch({
    ...sessionWith(['migrate.run']),
    // Each poll gets the next answer; the last one repeats.
    [`GET ${PATH}`]: () => json(200, { migration: answers[Math.min(n++, answers.length - 1)] }),
    ...extra,
  });
}

describe('MigrationRunPage', { timeout: 30_000 }, () => {
  it('shows progress per class and the time left while running, then the report once finished', async () => {
    const { calls } = server([running, finished]);
    renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    const table = await screen.findByRole('table', { name: 'Classes' });
    const item = within(table).getByRole('row', { name: /^Item/ });
    expect(
      within(item)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '30', '5', '5', '']);
    expect(within(item).getByRole('progressbar', { name: 'Progress of Item' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(table).getByRole('row', { name: /^_User/ })).toHaveTextContent('Done');
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('about 2 min left')).toBeInTheDocument();
    // (3 + 40) of (3 + 80) objects handled.
    expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '52',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Report' })).not.toBeInTheDocument();

    // The page asks again on its own until the run ends.
    expect(await screen.findByRole('heading', { name: 'Report' }, { timeout: 10_000 })).toBeInTheDocument();
    // Two Item objects were not moved: the run finished, but not cleanly, and says so.
    expect(screen.getByText('Finished with 2 failures')).toBeInTheDocument();
    expect(screen.queryByText('Finished')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Finished with 2 failures: these objects were not moved. The report below says which and why',
    );
    expect(screen.queryByText(/min left/)).not.toBeInTheDocument();
    const failures = screen.getByRole('table', { name: 'Failures in Item' });
    expect(within(failures).getByRole('row', { name: /line 7/ })).toHaveTextContent('owner is not a pointer');
    expect(screen.getByRole('table', { name: 'Files left aside' })).toHaveTextContent('readme.txt');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    const polls = calls.filter((c) => c.url.pathname === PATH).length;
    expect(polls).toBe(2);
  });

  it('shows a run that moved everything as plainly finished, with no warning', async () => {
    const clean = aMigration({
      status: 'succeeded',
      classes: [aClass({ name: 'Item', read: 8, written: 5, skipped: 3, total: 8, done: true })],
    });
    server([clean]);
    renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText(/with \d+ failure/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels only after asking, and then offers to resume', async () => {
    let current: Migration = running;
    const { calls } = stubFetch({
      ...sessionWith(['migrate.run']),
      [`GET ${PATH}`]: () => json(200, { migration: current }),
      [`POST ${PATH}/cancel`]: () => {
        current = {
          ...running,
          status: 'cancelled',
          etaSeconds: null,
          error: 'Cancelled by dev@example.com.',
        };
        return json(200, { migration: current });
      },
      'GET /api/apps/default/migrations': () => json(200, { migrations: [] }),
    });
    const { user } = renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The page behind the closing dialog is inert until the dialog is gone.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the run' }),
    );
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Cancelled by dev@example.com.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`${PATH}/cancel`]);
  });

  it('resumes an interrupted run', async () => {
    const interrupted = aMigration({
      status: 'interrupted',
      error: 'The console restarted while this run was going.',
      classes: [aClass({ name: 'Item', read: 10, written: 10, total: 80 })],
    });
    const { calls } = server([interrupted, running], {
      [`POST ${PATH}/resume`]: () => json(200, { migration: running }),
      'GET /api/apps/default/migrations': () => json(200, { migrations: [] }),
    });
    const { user } = renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    expect(await screen.findByText('The console restarted while this run was going.')).toBeInTheDocument();
    expect(screen.getByText('Interrupted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${PATH}/resume`)).toBe(true);
  });

  it('discards the upload of a failed run only after asking, then offers no resume', async () => {
    const failed = aMigration({
      status: 'failed',
      source: 'shop.zip',
      error: 'The import stopped.',
      classes: [aClass({ name: 'Item', read: 10, written: 10, total: 80 })],
    });
    const { calls } = server([failed], {
      [`DELETE ${PATH}/upload`]: () => json(200, { migration: { ...failed, uploadDiscarded: true } }),
      'GET /api/apps/default/migrations': () => json(200, { migrations: [] }),
    });
    const { user } = renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    await user.click(await screen.findByRole('button', { name: 'Discard upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the uploaded file?' });
    expect(dialog).toHaveTextContent('deletes its copy of shop.zip');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // The page behind the closing dialog is inert until the dialog is gone.
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Discard upload' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard the file' }),
    );
    expect(
      await screen.findByText(/The uploaded file was discarded, so this run cannot be resumed/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard upload' })).not.toBeInTheDocument();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.url.pathname)).toEqual([`${PATH}/upload`]);
    expect(deletes[0]!.headers.get('x-switchboard-csrf')).toBe('1');
  });

  it('offers no discard for a live copy, which keeps no file', async () => {
    server([aMigration({ kind: 'live', status: 'cancelled', source: 'https://old.example.com' })]);
    renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard upload' })).not.toBeInTheDocument();
  });

  it('says so with the error component when the run does not exist', async () => {
    stubFetch({
      ...sessionWith(['migrate.run']),
      [`GET ${PATH}`]: () => consoleError(404, 'not_found', 'No migration m1 in this app.'),
    });
    renderRoutes(migrateRoutes, '/apps/default/migrate/m1');
    expect(await screen.findByRole('alert')).toHaveTextContent('No migration m1 in this app.');
  });
});
