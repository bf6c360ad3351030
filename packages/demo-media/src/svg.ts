// A very small SVG vocabulary for the generated photos: a canvas that
// collects gradient definitions and shapes, plus colour arithmetic. Scenes are
// drawn on a 1500 x 1000 (3:2) board whatever size they are rendered at.
import type { Random } from './random.js';

export const boardWidth = 1500;
export const boardHeight = 1000;

export type Point = readonly [number, number];
/** Offset (0..1), colour, optional opacity. */
export type Stop = readonly [number, string, number?];

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export function pts(points: readonly Point[]): string {
  return points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');
}

export class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;

  add(markup: string): void {
    this.body.push(markup);
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${r1(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
  }

  /** A linear gradient in object-bounding-box units; returns its `url(#id)`. Vertical by default. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.nextId('g');
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A radial gradient in board coordinates (so a glow keeps its shape on any element). */
  radial(stops: readonly Stop[], cx: number, cy: number, r: number): string {
    const id = this.nextId('r');
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Draws `draw` inside a clip shape (e.g. a window showing the view). */
  clipped(shape: string, draw: () => void): void {
    const id = this.nextId('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    this.add(`<g clip-path="url(#${id})">`);
    draw();
    this.add('</g>');
  }

  /** Draws `draw` (made for the whole board) scaled into a rectangle, e.g. a window or a picture. */
  inset(x: number, y: number, w: number, h: number, draw: () => void): void {
    this.clipped(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"/>`, () => {
      const s = Math.max(w / boardWidth, h / boardHeight);
      const dx = x + (w - boardWidth * s) / 2;
      const dy = y + (h - boardHeight * s) / 2;
      this.add(`<g transform="translate(${r1(dx)} ${r1(dy)}) scale(${s.toFixed(4)})">`);
      draw();
      this.add('</g>');
    });
  }

  toSvg(width: number, height: number): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${boardWidth} ${boardHeight}" preserveAspectRatio="none">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

// Shapes as markup strings. `extra` carries attributes such as opacity or stroke.
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}" ${extra}/>`;
export const roundRect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = ''): string =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(r)}" fill="${fill}" ${extra}/>`;
export const poly = (points: readonly Point[], fill: string, extra = ''): string =>
  `<polygon points="${pts(points)}" fill="${fill}" ${extra}/>`;
export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}" ${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}" ${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string =>
  `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${r1(width)}" ${extra}/>`;
export const polyline = (points: readonly Point[], stroke: string, width: number, extra = ''): string =>
  `<polyline points="${pts(points)}" fill="none" stroke="${stroke}" stroke-width="${r1(width)}" ${extra}/>`;

// Colours -------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: readonly [number, number, number]): string {
  const c = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Blend of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

/** Positive amounts lighten towards white, negative darken towards black. */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, '#ffffff', amount) : mix(color, '#000000', -amount);
}

/** Slightly varied copy of a colour, so repeated elements do not look stamped. */
export function jitter(rng: Random, color: string, amount = 0.08): string {
  return shade(color, rng.float(-amount, amount));
}
