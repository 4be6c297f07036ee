import { describe, expect, it } from 'vitest';
import { aClass } from '../components/test-routes';
import { aMigration } from '../components/test-routes';
import {
  canDiscardUpload,
  canResume,
  canResumeRun,
  classFraction,
  finishedWithFailures,
  isActive,
  overallFraction,
  totals,
} from './status';

const cls = aClass;

describe('run status', () => {
  it('polls only while running, and resumes only what stopped early', () => {
    expect(isActive('running')).toBe(true);
    expect(isActive('succeeded')).toBe(false);
    expect(['interrupted', 'cancelled', 'failed'].every((s) => canResume(s as never))).toBe(true);
    expect(canResume('succeeded')).toBe(false);
    expect(canResume('running')).toBe(false);
  });

  it('offers to discard only the kept upload of an upload run that stopped early', () => {
    const failed = aMigration({ status: 'failed' });
    expect(canDiscardUpload(failed)).toBe(true);
    expect(canDiscardUpload({ ...failed, kind: 'live' })).toBe(false);
    expect(canDiscardUpload({ ...failed, status: 'succeeded' })).toBe(false);
    expect(canDiscardUpload({ ...failed, status: 'running' })).toBe(false);
    const discarded = { ...failed, uploadDiscarded: true };
    expect(canDiscardUpload(discarded)).toBe(false);
    expect(canResumeRun(failed)).toBe(true);
    expect(canResumeRun(discarded)).toBe(false);
  });

  it('counts the objects a finished run left behind, and only for a finished run', () => {
    const classes = [cls({ failed: 2, done: true }), cls({ name: 'Post', failed: 1 })];
    expect(finishedWithFailures({ status: 'succeeded', classes })).toBe(3);
    expect(finishedWithFailures({ status: 'succeeded', classes: [cls({ written: 4 })] })).toBe(0);
    // A failed or cancelled run already says it did not finish.
    expect(finishedWithFailures({ status: 'failed', classes })).toBe(0);
  });

  it('counts written, skipped and failed objects toward a class total', () => {
    expect(classFraction(cls({ total: 10, written: 3, skipped: 1, failed: 1 }))).toBe(0.5);
    expect(classFraction(cls({ total: null, written: 3 }))).toBeNull();
    expect(classFraction(cls({ total: 0 }))).toBe(1);
    expect(classFraction(cls({ total: null, done: true }))).toBe(1);
  });

  it('gives an overall share only while every unfinished class has a total', () => {
    const classes = [
      cls({ total: 10, written: 10, done: true }),
      cls({ name: 'Post', total: 30, written: 10 }),
    ];
    expect(overallFraction({ status: 'running', classes })).toBe(0.5);
    expect(overallFraction({ status: 'running', classes: [...classes, cls({ name: 'X' })] })).toBeNull();
    // A finished class without a total counts by what it handled.
    expect(
      overallFraction({ status: 'running', classes: [cls({ written: 5, done: true }), cls({ total: 5 })] }),
    ).toBe(0.5);
    expect(overallFraction({ status: 'succeeded', classes: [] })).toBe(1);
    expect(overallFraction({ status: 'running', classes: [] })).toBeNull();
  });

  it('adds up the counts of every class', () => {
    expect(totals([cls({ read: 3, written: 2, failed: 1 }), cls({ read: 4, skipped: 4 })])).toEqual({
      read: 7,
      written: 2,
      skipped: 4,
      failed: 1,
    });
  });
});
