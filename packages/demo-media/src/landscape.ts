// Outdoor building blocks of the generated photos: skies, ranges, water,
// dunes, trees and houses. Each takes the seeded Random so a scene's key
// always draws the same picture.
import type { Random } from './random.js';
import {
  type Canvas,
  type Point,
  boardHeight,
  boardWidth,
  circle,
  ellipse,
  jitter,
  line,
  mix,
  path,
  poly,
  polyline,
  rect,
  shade,
} from './svg.js';

export interface SkyPalette {
  name: string;
  /** Zenith to horizon. */
  stops: readonly string[];
  sun: string;
  /** Colour distant things fade into. */
  haze: string;
  night?: boolean;
}

export type SkyName = 'dawn' | 'bluebird' | 'golden' | 'sunset' | 'alpenglow' | 'dusk' | 'night' | 'summer' | 'overcastWinter';

export const skies: Record<SkyName, SkyPalette> = {
  dawn: { name: 'dawn', stops: ['#2f3d6e', '#7b6aa8', '#e9a3a0', '#fbd3a4'], sun: '#fff1c9', haze: '#e8b7b0' },
  bluebird: { name: 'bluebird', stops: ['#2f6fc0', '#5d9be0', '#a8d1f5', '#e4f2fc'], sun: '#ffffff', haze: '#c9e2f6' },
  golden: { name: 'golden', stops: ['#3d5a9a', '#8a86b8', '#f0b37a', '#ffd994'], sun: '#fff4cf', haze: '#f3c99a' },
  sunset: { name: 'sunset', stops: ['#27305f', '#7a4c86', '#e2706e', '#f9b867'], sun: '#ffe2a3', haze: '#e99a84' },
  alpenglow: { name: 'alpenglow', stops: ['#34467a', '#8f6d9f', '#efa7a4', '#fcd9c0'], sun: '#fff0dc', haze: '#e9b9b6' },
  dusk: { name: 'dusk', stops: ['#131a3b', '#2f3a72', '#6f5c95', '#d98c7e'], sun: '#ffd7a0', haze: '#7a6a98', night: true },
  night: { name: 'night', stops: ['#070c22', '#121d45', '#25366b', '#4d5d91'], sun: '#f4f1e6', haze: '#2e3d6e', night: true },
  summer: { name: 'summer', stops: ['#3a82d2', '#6fb0ea', '#b8dcf7', '#eef7fd'], sun: '#ffffff', haze: '#cfe6f7' },
  overcastWinter: { name: 'overcastWinter', stops: ['#8aa0bd', '#aebfd4', '#d3dde9', '#edf1f6'], sun: '#ffffff', haze: '#d9e2ec' },
};

export function sky(c: Canvas, rng: Random, palette: SkyPalette, horizon = boardHeight): void {
  const n = palette.stops.length;
  const fill = c.linear(palette.stops.map((color, i) => [i / (n - 1), color] as const));
  c.add(rect(0, 0, boardWidth, horizon + 2, fill));
  if (palette.night) {
    for (let i = 0; i < 140; i++) {
      const y = rng.float(0, horizon * 0.6);
      c.add(circle(rng.float(0, boardWidth), y, rng.float(0.6, 2.1), '#ffffff', `opacity="${rng.float(0.25, 0.9).toFixed(2)}"`));
    }
  }
}

/** A sun (or moon) with a soft halo, drawn with a radial gradient rather than a blur filter (much faster to render). */
export function sun(c: Canvas, x: number, y: number, r: number, color: string, glow = 0.55): void {
  c.add(circle(x, y, r * 6, c.radial([[0, color, glow], [0.25, color, glow * 0.35], [1, color, 0]], x, y, r * 6)));
  c.add(circle(x, y, r, color));
}

export function clouds(c: Canvas, rng: Random, count: number, top: number, bottom: number, color: string, opacity = 0.75): void {
  for (let i = 0; i < count; i++) {
    const cx = rng.float(-100, boardWidth + 100);
    const cy = rng.float(top, bottom);
    const w = rng.float(120, 300);
    const puffs = rng.int(4, 7);
    const parts: string[] = [];
    for (let p = 0; p < puffs; p++) {
      const px = cx + rng.float(-w / 2, w / 2);
      const pr = rng.float(w * 0.12, w * 0.25);
      parts.push(ellipse(px, cy - rng.float(0, pr * 0.6), pr * 1.4, pr, jitter(rng, color, 0.04)));
    }
    parts.push(ellipse(cx, cy + w * 0.05, w * 0.62, w * 0.1, color));
    c.add(`<g opacity="${opacity}">${parts.join('')}</g>`);
  }
}

/** Smooth 1-D value noise: random values every `spacing` px, eased between. */
function valueNoise(rng: Random, spacing: number, amplitude: number): (x: number) => number {
  const knots = Array.from({ length: Math.ceil((boardWidth + 200) / spacing) + 2 }, () => rng.float(-1, 1) * amplitude);
  return (x: number): number => {
    const f = (x + 100) / spacing;
    const i = Math.max(0, Math.floor(f));
    const t = f - i;
    const ease = (1 - Math.cos(t * Math.PI)) / 2;
    return (knots[i] ?? 0) * (1 - ease) + (knots[i + 1] ?? 0) * ease;
  };
}

/** A low, rolling line (far shore, wooded hills) by midpoint displacement. */
export function ridge(rng: Random, opts: { base: number; amplitude: number; roughness?: number }): Point[] {
  const levels = 6;
  const count = 2 ** levels + 1;
  const ys = new Array<number>(count).fill(opts.base);
  ys[0] = opts.base + rng.float(-1, 1) * opts.amplitude;
  ys[count - 1] = opts.base + rng.float(-1, 1) * opts.amplitude;
  let step = count - 1;
  let amp = opts.amplitude;
  const roughness = opts.roughness ?? 0.55;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < count; i += step) {
      ys[i] = ((ys[i - half] ?? opts.base) + (ys[i + half] ?? opts.base)) / 2 + rng.float(-1, 1) * amp;
    }
    amp *= roughness;
    step = half;
  }
  return ys.map((y, i) => [-20 + ((boardWidth + 40) * i) / (count - 1), y] as const);
}

export interface Range {
  top: Point[];
  /** Indexes into `top` of the summits, for shading their lee faces. */
  summits: number[];
}

/**
 * A mountain range as the upper envelope of a few peaks, roughened with
 * noise: distinct summits and saddles, like a real skyline.
 */
export function peakRange(rng: Random, opts: { base: number; peaks: number; minHeight: number; maxHeight: number; roughness?: number }): Range {
  const peaks = Array.from({ length: opts.peaks }, (_, i) => ({
    x: ((i + rng.float(0.15, 0.85)) / opts.peaks) * (boardWidth + 200) - 100,
    h: rng.float(opts.minHeight, opts.maxHeight),
    w: rng.float(220, 420),
    skew: rng.float(0.8, 1.25),
  }));
  const broad = valueNoise(rng, 90, 16 * (opts.roughness ?? 1));
  const fine = valueNoise(rng, 24, 7 * (opts.roughness ?? 1));
  const top: Point[] = [];
  for (let x = -20; x <= boardWidth + 20; x += 10) {
    let best = 0;
    for (const p of peaks) {
      const d = x < p.x ? (p.x - x) / p.w : ((x - p.x) / p.w) * p.skew;
      best = Math.max(best, p.h * Math.max(0, 1 - d) ** 1.25);
    }
    top.push([x, opts.base - best + broad(x) + fine(x)]);
  }
  const summits = peaks
    .map((p) => {
      let idx = -1;
      for (let i = 0; i < top.length; i++) {
        const pt = top[i];
        if (pt && Math.abs(pt[0] - p.x) < 60 && (idx === -1 || pt[1] < (top[idx]?.[1] ?? Infinity))) idx = i;
      }
      return idx;
    })
    .filter((i) => i >= 0);
  return { top, summits };
}

/** A band of land from a skyline down to `bottom` (a far shore above the water line). */
export function hills(c: Canvas, top: readonly Point[], bottom: number, color: string): void {
  const first = top[0] ?? [0, bottom];
  const last = top[top.length - 1] ?? [boardWidth, bottom];
  c.add(poly([[first[0], bottom], ...top, [last[0], bottom]], c.linear([[0, shade(color, 0.05)], [1, shade(color, -0.1)]])));
}

/** A range of mountains: body, shadowed lee faces, snow above `snowLine`, mist at its foot. */
export function mountains(
  c: Canvas,
  rng: Random,
  opts: { range: Range; base: number; color: string; snowLine?: number; snowColor?: string; mist?: string },
): void {
  const { top, summits } = opts.range;
  const first = top[0] ?? [0, boardHeight];
  const last = top[top.length - 1] ?? [boardWidth, boardHeight];
  const color = opts.color;
  c.add(poly([[first[0], boardHeight], ...top, [last[0], boardHeight]], c.linear([[0, shade(color, 0.05)], [1, shade(color, -0.1)]])));

  // Light from the left: each summit's right-hand slope, down to its saddle, is in shade.
  for (const s of summits) {
    const summit = top[s];
    if (!summit) continue;
    const face: Point[] = [summit];
    let lowest = summit[1];
    for (let j = s + 1; j < top.length; j++) {
      const p = top[j];
      if (!p || p[1] < lowest - 12) break;
      lowest = Math.max(lowest, p[1]);
      face.push(p);
    }
    const end = face[face.length - 1] ?? summit;
    face.push([summit[0] + (end[0] - summit[0]) * rng.float(0.05, 0.3), opts.base + 40]);
    c.add(poly(face, '#0b1030', 'opacity="0.17"'));
  }

  if (opts.snowLine !== undefined) {
    const snow = opts.snowColor ?? '#f4f7fb';
    const snowLine = opts.snowLine;
    const drift = valueNoise(rng, 40, 22);
    const edge: Point[] = top.map(([x, y], i) => {
      const tooth = i % 3 === 0 ? rng.float(0, 26) : 0;
      return [x, Math.max(y, snowLine + drift(x) + tooth)] as const;
    });
    c.add(poly([...top, ...edge.slice().reverse()], c.linear([[0, snow], [1, shade(snow, -0.08)]])));
    for (const s of summits) {
      const summit = top[s];
      if (!summit || summit[1] > snowLine) continue;
      const face: Point[] = [summit];
      for (let j = s + 1; j < top.length; j++) {
        const p = top[j];
        const e = edge[j];
        if (!p || !e || e[1] - p[1] < 2) break;
        face.push(p);
      }
      const back = face.length > 1 ? face.slice(1).reverse().map(([x], k) => [x, (edge[s + face.length - 1 - k]?.[1] ?? summit[1])] as const) : [];
      c.add(poly([...face, ...back], '#3a4a7a', 'opacity="0.18"'));
    }
  }
  if (opts.mist) {
    c.add(rect(0, opts.base - 70, boardWidth, boardHeight - opts.base + 70, c.linear([[0, opts.mist, 0], [0.35, opts.mist, 0.45], [1, opts.mist, 0.6]])));
  }
}

/** Layered ranges from far (hazy, snowy) to near (dark, forested), the staple of a Breckenridge view. */
export function mountainVista(
  c: Canvas,
  rng: Random,
  palette: SkyPalette,
  opts: { horizon: number; layers?: number; rock?: string; snow?: boolean },
): void {
  const layers = opts.layers ?? 4;
  const rock = opts.rock ?? '#4b5a78';
  for (let l = 0; l < layers; l++) {
    const depth = l / Math.max(1, layers - 1);
    const base = opts.horizon - 120 + l * 80;
    const range = peakRange(rng, {
      base,
      peaks: l === 0 ? rng.int(3, 5) : rng.int(4, 6),
      minHeight: l === 0 ? 150 : 60 - l * 8,
      maxHeight: l === 0 ? 320 : 200 - l * 40,
      roughness: 1 - depth * 0.5,
    });
    const color = l === layers - 1 && layers > 2 ? mix('#23402f', palette.haze, 0.35) : mix(rock, palette.haze, 0.6 - depth * 0.45);
    const snowy = opts.snow !== false && l < layers - 1;
    mountains(c, rng, {
      range,
      base,
      color,
      mist: l < layers - 1 ? palette.haze : undefined,
      ...(snowy ? { snowLine: base - (l === 0 ? 170 : 90), snowColor: mix('#f8fbff', palette.haze, 0.3 - depth * 0.25) } : {}),
    });
  }
}

export function pine(c: Canvas, x: number, baseY: number, h: number, color: string, snow?: string): void {
  const w = h * 0.42;
  c.add(rect(x - h * 0.025, baseY - h * 0.12, h * 0.05, h * 0.12, shade(color, -0.35)));
  const tiers = 4;
  for (let t = 0; t < tiers; t++) {
    const tierBase = baseY - h * 0.1 - t * h * 0.2;
    const tierW = w * (1 - t * 0.2);
    const tierTop = tierBase - h * 0.38;
    c.add(poly([[x - tierW / 2, tierBase], [x + tierW / 2, tierBase], [x, tierTop]], shade(color, t * 0.04)));
    c.add(poly([[x, tierBase], [x + tierW / 2, tierBase], [x, tierTop]], shade(color, -0.18), 'opacity="0.6"'));
    if (snow) {
      c.add(poly([[x - tierW / 2, tierBase], [x - tierW * 0.1, tierBase - h * 0.04], [x, tierBase - h * 0.16], [x - tierW * 0.28, tierBase - h * 0.03]], snow, 'opacity="0.9"'));
    }
  }
}

export function pineRow(
  c: Canvas,
  rng: Random,
  opts: { from: number; to: number; baseY: number; jitterY?: number; minH: number; maxH: number; count: number; color: string; snow?: string },
): void {
  const trees = Array.from({ length: opts.count }, () => ({
    x: rng.float(opts.from, opts.to),
    y: opts.baseY + rng.float(0, opts.jitterY ?? 0),
    h: rng.float(opts.minH, opts.maxH),
  })).sort((a, b) => a.y - b.y);
  for (const t of trees) pine(c, t.x, t.y, t.h, jitter(rng, opts.color, 0.06), opts.snow);
}

export function aspen(c: Canvas, rng: Random, x: number, baseY: number, h: number, leaves: string): void {
  c.add(rect(x - h * 0.018, baseY - h, h * 0.036, h, '#eeeae0'));
  for (let i = 0; i < 5; i++) {
    const y = baseY - rng.float(0.1, 0.9) * h;
    c.add(rect(x - h * 0.018, y, h * 0.036, rng.float(2, 5), '#3a3630', 'opacity="0.7"'));
  }
  for (let i = 0; i < 9; i++) {
    const ly = baseY - h * rng.float(0.55, 1.05);
    c.add(ellipse(x + rng.float(-h * 0.16, h * 0.16), ly, h * rng.float(0.07, 0.13), h * rng.float(0.06, 0.1), jitter(rng, leaves, 0.12), 'opacity="0.92"'));
  }
}

/** Open water from `horizon` down, mirroring the sky, with glints and a sun path. */
export function water(c: Canvas, rng: Random, palette: SkyPalette, horizon: number, opts: { sunX?: number; tint?: string } = {}): void {
  const tint = opts.tint ?? '#1f5d86';
  const stops = palette.stops;
  const near = stops[stops.length - 1] ?? '#ffffff';
  const far = stops[1] ?? '#444444';
  c.add(rect(0, horizon, boardWidth, boardHeight - horizon, c.linear([[0, mix(near, tint, 0.35)], [0.35, mix(far, tint, 0.55)], [1, mix(far, tint, 0.8)]])));
  for (let i = 0; i < 160; i++) {
    const y = horizon + (boardHeight - horizon) * rng.next() ** 1.6;
    const depth = (y - horizon) / (boardHeight - horizon);
    const len = 20 + depth * 140 * rng.next();
    const x = rng.float(-50, boardWidth);
    c.add(line(x, y, x + len, y, '#ffffff', 1 + depth * 2.5, `opacity="${(0.08 + rng.next() * 0.22).toFixed(2)}"`));
  }
  if (opts.sunX !== undefined) {
    for (let i = 0; i < 60; i++) {
      const y = horizon + 4 + (boardHeight - horizon) * (i / 60) ** 1.3;
      const depth = (y - horizon) / (boardHeight - horizon);
      const w = 30 + depth * 260 * rng.float(0.3, 1);
      c.add(line(opts.sunX - w / 2 + rng.float(-30, 30) * depth, y, opts.sunX + w / 2, y, palette.sun, 1.5 + depth * 4, `opacity="${(0.55 - depth * 0.35).toFixed(2)}"`));
    }
  }
}

/** Rolling sand dunes rising from `baseY`, with beach grass. */
export function dunes(c: Canvas, rng: Random, opts: { baseY: number; sand?: string; grass?: string; count?: number }): void {
  const sand = opts.sand ?? '#e6cf9f';
  const grass = opts.grass ?? '#7d9a4f';
  const count = opts.count ?? 3;
  for (let i = 0; i < count; i++) {
    const y = opts.baseY + i * 70;
    const peak = rng.float(200, 1300);
    const h = rng.float(80, 170);
    const d = `M -20 ${boardHeight} L -20 ${y + 40} C ${peak - 500} ${y + 30}, ${peak - 250} ${y - h}, ${peak} ${y - h} C ${peak + 300} ${y - h}, ${peak + 500} ${y + 20}, ${boardWidth + 20} ${y + 30} L ${boardWidth + 20} ${boardHeight} Z`;
    c.add(path(d, c.linear([[0, shade(sand, 0.1 - i * 0.04)], [1, shade(sand, -0.1 - i * 0.04)]])));
    for (let g = 0; g < 14; g++) grassTuft(c, rng, rng.float(0, boardWidth), y + rng.float(-h * 0.3, 60), rng.float(30, 70), jitter(rng, grass, 0.1));
  }
}

export function grassTuft(c: Canvas, rng: Random, x: number, y: number, h: number, color: string): void {
  const blades: string[] = [];
  for (let b = 0; b < 9; b++) {
    const lean = rng.float(-0.6, 0.6) * h;
    const bh = h * rng.float(0.6, 1);
    blades.push(`M ${x.toFixed(1)} ${y.toFixed(1)} Q ${(x + lean * 0.3).toFixed(1)} ${(y - bh * 0.6).toFixed(1)} ${(x + lean).toFixed(1)} ${(y - bh).toFixed(1)}`);
  }
  c.add(`<path d="${blades.join(' ')}" fill="none" stroke="${color}" stroke-width="2.4" stroke-linecap="round"/>`);
}

export function birds(c: Canvas, rng: Random, count: number, top: number, bottom: number, color = '#2b2f3a'): void {
  for (let i = 0; i < count; i++) {
    const x = rng.float(150, 1350);
    const y = rng.float(top, bottom);
    const s = rng.float(7, 16);
    c.add(polyline([[x - s, y - s * 0.4], [x - s * 0.3, y - s * 0.05], [x, y + s * 0.15], [x + s * 0.3, y - s * 0.05], [x + s, y - s * 0.45]], color, 2.2, 'stroke-linecap="round" stroke-linejoin="round" opacity="0.7"'));
  }
}

export interface HouseStyle {
  kind: 'cabin' | 'chalet' | 'modern' | 'cottage' | 'lodge';
  wall: string;
  roof: string;
  trim: string;
  lit: boolean;
  snow: boolean;
}

function windowPane(c: Canvas, x: number, y: number, w: number, h: number, lit: boolean, trim: string): void {
  const glass = lit
    ? c.linear([[0, '#ffe4a6'], [1, '#f2a94e']])
    : c.linear([[0, '#c9dcec'], [0.5, '#7f9bb6'], [1, '#4e6680']]);
  c.add(rect(x - 4, y - 4, w + 8, h + 8, trim));
  c.add(rect(x, y, w, h, glass));
  c.add(line(x + w / 2, y, x + w / 2, y + h, trim, 4));
  if (h > w * 0.8) c.add(line(x, y + h / 2, x + w, y + h / 2, trim, 4));
  if (lit) c.add(circle(x + w / 2, y + h / 2, Math.max(w, h) * 1.3, c.radial([[0, '#ffcf7a', 0.35], [1, '#ffcf7a', 0]], x + w / 2, y + h / 2, Math.max(w, h) * 1.3)));
}

/** A house seen from the front, standing on `baseY`, centred on `cx`. */
export function house(c: Canvas, rng: Random, cx: number, baseY: number, w: number, h: number, style: HouseStyle): void {
  const left = cx - w / 2;
  const right = cx + w / 2;
  const top = baseY - h;
  const roofH = style.kind === 'chalet' ? h * 0.95 : style.kind === 'modern' ? h * 0.18 : h * 0.55;
  const eave = w * 0.08;

  // Chimney behind the roof, with a little smoke on cold evenings.
  if (style.kind !== 'modern') {
    const chx = cx + w * rng.float(0.12, 0.3);
    c.add(rect(chx, top - roofH * 0.85, w * 0.07, roofH * 0.9, shade(style.trim, -0.1)));
    if (style.snow || style.lit) {
      for (let s = 0; s < 5; s++) {
        c.add(circle(chx + w * 0.035 + s * 14 + rng.float(-6, 6), top - roofH * 0.95 - s * 34, 12 + s * 7, '#e8eaf0', `opacity="${(0.35 - s * 0.06).toFixed(2)}"`));
      }
    }
  }

  c.add(rect(left, top, w, h, c.linear([[0, shade(style.wall, 0.05)], [1, shade(style.wall, -0.12)]])));
  if (style.kind === 'cabin' || style.kind === 'lodge') {
    for (let y = top + 14; y < baseY; y += 18) c.add(line(left, y, right, y, shade(style.wall, -0.28), 3, 'opacity="0.7"'));
  } else if (style.kind === 'modern') {
    for (let x = left + 12; x < right; x += 16) c.add(line(x, top, x, baseY, shade(style.wall, -0.2), 2, 'opacity="0.5"'));
  } else if (style.kind === 'cottage') {
    for (let y = top + 10; y < baseY; y += 14) c.add(line(left, y, right, y, shade(style.wall, -0.15), 2, 'opacity="0.6"'));
  }

  if (style.kind !== 'modern') {
    // The gable end under the roof.
    c.add(poly([[left, top + 1], [cx, top - roofH + 20], [right, top + 1]], shade(style.wall, -0.04)));
    if (style.kind === 'cabin' || style.kind === 'lodge') {
      for (let y = top - 4; y > top - roofH + 30; y -= 18) {
        const half = ((y - (top - roofH + 20)) / roofH) * (w / 2);
        c.add(line(cx - half, y, cx + half, y, shade(style.wall, -0.28), 3, 'opacity="0.7"'));
      }
    }
  }
  let roof: Point[];
  if (style.kind === 'modern') {
    roof = [[left - eave, top + 4], [right + eave, top - roofH], [right + eave, top - roofH + 22], [left - eave, top + 26]];
  } else {
    roof = [[left - eave, top + 10], [cx, top - roofH], [right + eave, top + 10], [right + eave - 8, top + 30], [cx, top - roofH + 26], [left - eave + 8, top + 30]];
  }
  c.add(poly(roof, style.roof));
  if (style.snow) {
    if (style.kind === 'modern') {
      c.add(poly([[left - eave, top + 4], [right + eave, top - roofH], [right + eave, top - roofH - 16], [left - eave, top - 10]], '#f6f9fd'));
    } else {
      c.add(poly([[left - eave, top + 10], [cx, top - roofH], [right + eave, top + 10], [right + eave - 10, top], [cx, top - roofH - 16], [left - eave + 10, top]], '#f6f9fd'));
    }
  }

  // Gable glazing on chalets and lodges: the big triangle of glass facing the view.
  if (style.kind === 'chalet' || style.kind === 'lodge') {
    const gw = w * 0.56;
    const gy = top + 26;
    const glassTop = gy - roofH * 0.62;
    const glass = style.lit ? c.linear([[0, '#ffe3a2'], [1, '#f0a04a']]) : c.linear([[0, '#d5e5f2'], [1, '#5f7b97']]);
    c.add(poly([[cx - gw / 2, gy], [cx, glassTop], [cx + gw / 2, gy]], glass));
    for (let k = 1; k < 4; k++) c.add(line(cx - gw / 2 + (gw * k) / 4, gy, cx - gw / 2 + (gw * k) / 4, gy - (roofH * 0.62 * (k <= 2 ? k : 4 - k)) / 2, style.trim, 4));
  }

  const rows = h > 260 ? 2 : 1;
  const cols = Math.max(2, Math.round(w / 150));
  const winW = (w / cols) * 0.45;
  const winH = (h / rows) * 0.42;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const wx = left + (w / cols) * (k + 0.5) - winW / 2;
      const wy = top + (h / rows) * (r + 0.28);
      if (r === rows - 1 && k === Math.floor(cols / 2)) {
        // The door replaces the window nearest the middle of the ground floor.
        c.add(rect(wx + winW * 0.15, baseY - h * 0.42, winW * 0.7, h * 0.42, shade(style.trim, -0.25)));
        c.add(circle(wx + winW * 0.72, baseY - h * 0.2, 4, '#e2c27a'));
        continue;
      }
      windowPane(c, wx, wy, winW, winH, style.lit && rng.chance(0.8), style.trim);
    }
  }
  if (style.kind === 'cottage') {
    // Porch roof and posts across the front.
    c.add(poly([[left - 10, baseY - h * 0.5], [right + 10, baseY - h * 0.5], [right + 30, baseY - h * 0.42], [left - 30, baseY - h * 0.42]], shade(style.roof, 0.1)));
    for (let k = 0; k <= 4; k++) c.add(rect(left - 20 + ((w + 40) * k) / 4 - 5, baseY - h * 0.42, 10, h * 0.42, style.trim));
    c.add(rect(left - 30, baseY - 14, w + 60, 14, shade(style.trim, -0.1)));
  }
}

/** Foreground ground plane: snow, lawn or sand, with a soft shading band. */
export function ground(c: Canvas, top: number, color: string): void {
  c.add(path(`M -10 ${top + 20} Q ${boardWidth / 2} ${top - 20} ${boardWidth + 10} ${top + 20} L ${boardWidth + 10} ${boardHeight} L -10 ${boardHeight} Z`, c.linear([[0, shade(color, 0.05)], [1, shade(color, -0.1)]])));
}

/** Darkened corners, the way a real lens renders them. */
export function vignette(c: Canvas, strength = 0.35): void {
  c.add(rect(0, 0, boardWidth, boardHeight, c.radial([[0.55, '#000000', 0], [1, '#000000', strength]], boardWidth / 2, boardHeight / 2, boardWidth * 0.62)));
}
