import type { ProfileSettings } from './types';

/** Reading a profile's options and secrets, with the profile named in every complaint. */
export class ProfileOptions {
  readonly label: string;
  readonly problems: string[] = [];

  constructor(
    private readonly profile: ProfileSettings,
    gateway: string,
  ) {
    this.label = `${gateway} profile ${profile.channel}.${profile.name}`;
  }

  str(name: string, fallback?: string): string {
    const v = this.profile.options[name];
    if (typeof v === 'string' && v !== '') return v;
    if (fallback !== undefined) return fallback;
    this.problems.push(`options.${name} is not set`);
    return '';
  }

  num(name: string, fallback: number): number {
    const v = Number(this.profile.options[name] ?? fallback);
    return Number.isFinite(v) && v >= 0 ? v : fallback;
  }

  secret(name: string): string {
    const v = this.profile.secrets.get(name);
    if (v) return v;
    this.problems.push(`secretEnv.${name} does not name an environment variable`);
    return '';
  }

  optionalSecret(name: string): string | undefined {
    return this.profile.secrets.get(name) || undefined;
  }

  /** Why the profile cannot send (every device of its batches gets this error), or undefined. */
  problem(): string | undefined {
    return this.problems.length ? `the ${this.label} is incomplete: ${this.problems.join('; ')}` : undefined;
  }
}

/** The settings every network adapter shares: waits, retries and how many requests run at once. */
export interface NetworkSettings {
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryWaitMs: number;
  concurrency: number;
}

export function networkSettings(o: ProfileOptions, concurrency: number): NetworkSettings {
  return {
    timeoutMs: o.num('timeoutMs', 10_000),
    retries: o.num('retries', 3),
    retryBaseMs: o.num('retryBaseMs', 500),
    maxRetryWaitMs: o.num('maxRetryWaitMs', 10_000),
    concurrency: Math.max(1, Math.floor(o.num('concurrency', concurrency))),
  };
}
