// How the availability search's cost grows with the catalogue: the search,
// spread over 100+ stays as in the API part, beside the baseline route of a
// server seeded with 25, 100 and 500 homes and 40 stays per home over the
// coming year (seedScaleCatalog).
import { baselineRoute, measureRoutes, searchRoute, type ApiResult, type LoadOptions } from './api.js';

/** Catalogue sizes measured; the first is the catalogue of every other part of the bench. */
export const scaleHomes = [25, 100, 500] as const;

/** Reservations and owner blocks per home: 20,000 over 500 homes, about half the nights of a year. */
export const staysPerHome = 40;

export interface ScaleResult {
  homes: number;
  stays: number;
  /** Seconds the scale seed took to write; null when the catalogue was already there. */
  seedSeconds: number | null;
  baselineRequestsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratioToBaseline: number;
  errors: number;
  non2xx: number;
  variants: number;
}

/** The search row and its baseline, measured by the API part or by measureScale, as one scale row. */
export function scaleRow(
  homes: number,
  seedSeconds: number | null,
  [baseline, search]: readonly (ApiResult | undefined)[],
): ScaleResult {
  if (!baseline || !search) throw new Error(`No search measured at ${homes} homes`);
  return {
    homes,
    stays: homes * staysPerHome,
    seedSeconds,
    baselineRequestsPerSecond: baseline.requestsPerSecond,
    requestsPerSecond: search.requestsPerSecond,
    p50: search.p50,
    p99: search.p99,
    ratioToBaseline: search.ratioToBaseline,
    errors: search.errors,
    non2xx: search.non2xx,
    variants: search.variants,
  };
}

export async function measureScale(
  origin: string,
  homes: number,
  seedSeconds: number | null,
  options: LoadOptions,
): Promise<ScaleResult> {
  return scaleRow(homes, seedSeconds, await measureRoutes(origin, [baselineRoute, searchRoute()], options));
}
