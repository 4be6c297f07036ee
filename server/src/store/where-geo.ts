import type { GeoPointValue } from '@switchboard/shared';
import { jsonExpr } from './fields';
import type { FieldRef } from './fields';
import type { Params } from './params';
import type { WhereContext } from './where-context';

function coords(path: string[]) {
  const j = jsonExpr(path);
  return {
    isPoint: `(${j}->>'__type' = 'GeoPoint')`,
    lat: `((${j}->>'latitude')::float8)`,
    lng: `((${j}->>'longitude')::float8)`,
  };
}

/** Great-circle distance in radians (haversine), clamped against rounding above 1. */
export function distanceSql(path: string[], lat: string, lng: string): string {
  const c = coords(path);
  return `(2 * asin(sqrt(least(1, power(sin((radians(${c.lat}) - radians(${lat})) / 2), 2) + cos(radians(${lat})) * cos(radians(${c.lat})) * power(sin((radians(${c.lng}) - radians(${lng})) / 2), 2)))))`;
}

/** Doc 1 $nearSphere: GeoPoints within the cap; orders by distance when it is the query's own. */
export function nearSphere(
  ref: FieldRef & { kind: 'json' },
  point: GeoPointValue,
  maxRadians: number | undefined,
  ctx: WhereContext,
): string {
  const p: Params = ctx.params;
  if (!ctx.nested && !ctx.near)
    ctx.near = { path: ref.path, latitude: point.latitude, longitude: point.longitude };
  const c = coords(ref.path);
  if (maxRadians === undefined) return c.isPoint;
  const dist = distanceSql(ref.path, `${p.add(point.latitude)}::float8`, `${p.add(point.longitude)}::float8`);
  return `(${c.isPoint} AND ${dist} <= ${p.add(maxRadians)}::float8)`;
}

/** Doc 1 $within $box: south-west and north-east corners; a box across the antimeridian wraps. */
export function withinBox(
  ref: FieldRef & { kind: 'json' },
  sw: GeoPointValue,
  ne: GeoPointValue,
  p: Params,
): string {
  const c = coords(ref.path);
  const lat = `${c.lat} BETWEEN ${p.add(sw.latitude)}::float8 AND ${p.add(ne.latitude)}::float8`;
  const lng =
    sw.longitude <= ne.longitude
      ? `${c.lng} BETWEEN ${p.add(sw.longitude)}::float8 AND ${p.add(ne.longitude)}::float8`
      : `(${c.lng} >= ${p.add(sw.longitude)}::float8 OR ${c.lng} <= ${p.add(ne.longitude)}::float8)`;
  return `(${c.isPoint} AND ${lat} AND ${lng})`;
}
