/**
 * Input rules of the spec, checked before anything is sent. Each failure is a ContentSiteError of
 * kind `invalid_input` whose message names the parameter and what it accepts.
 */
import { invalidInput } from './errors';

export const LIMITS = {
  feedNumber: 40,
  notificationsNumber: 99,
  trashNumber: 100,
  imageSizeMin: 1,
  imageSizeMax: 2048,
} as const;

export function intInRange(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalidInput(`${name} must be a whole number from ${min} to ${max} (got ${String(value)}).`);
  }
}

export function positiveInt(name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 1) throw invalidInput(`${name} must be a positive whole number (got ${String(value)}).`);
}

export function unixTime(name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 0) throw invalidInput(`${name} must be a UNIX time in whole seconds (got ${String(value)}).`);
}

export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): void {
  if (value === undefined) return;
  if (!(allowed as readonly string[]).includes(value)) throw invalidInput(`${name} must be one of ${allowed.join(', ')} (got ${value}).`);
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isoDate(name: string, value: string | undefined): void {
  if (value === undefined) return;
  if (!ISO_8601.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidInput(`${name} must be an ISO 8601 date such as 2026-11-22T10:00:00Z (got ${value}).`);
  }
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

/** A site is a positive integer ID or a domain name; returns it as the path segment. */
export function site(value: string | number): string {
  const text = String(value).trim();
  if (/^\d+$/.test(text) && Number(text) > 0) return text;
  if (DOMAIN.test(text)) return text.toLowerCase();
  throw invalidInput(`The site must be a numeric site ID or a domain such as example.wordpress.com (got "${String(value)}").`);
}

export function postIds(ids: readonly number[]): void {
  if (ids.length === 0) throw invalidInput('Choose at least one post: post_ids is empty.');
  for (const id of ids) positiveInt('post ID', id);
}

export function nonEmpty(name: string, value: string): void {
  if (value.trim() === '') throw invalidInput(`${name} must not be empty.`);
}
